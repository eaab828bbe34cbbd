import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { LiveFlightDto, LoadLevel } from '../../api/contract';
import { ConnectionContext } from '../connection/ConnectionContext';
import { flightVisible } from '../filters/filterAtoms';
import { mapAnimationHeld } from './animationHold';
import { FlightAnimator, runAnimationLoop } from './flightAnimator';
import { SOURCE } from './flightLayers';
import { routeKey, routesCollection, routesSignature, selectedRouteCollection } from './routeLines';

/** Holds the live flights between messages and hands them to the map's flights and routes sources. */
class LiveFlightLayers {
  readonly animator = new FlightAnimator();
  private flights: readonly LiveFlightDto[] = [];
  private filter: (f: LiveFlightDto) => boolean = () => true;
  private routesKey = '';
  private selectedId: string | null = null;
  private selectedKey = '';
  /** Routes waiting for their source to exist, or for a hold to end. */
  pending = true;
  map: MapLibreMap | null = null;
  onCount: ((visible: number) => void) | undefined;

  setFlights(flights: readonly LiveFlightDto[]) {
    if (flights === this.flights) return;
    this.flights = flights;
    this.animator.setFlights(flights, performance.now());
    // Held (an operator is typing): the routes wait for the next free frame, like the planes.
    if (mapAnimationHeld()) {
      this.pending = true;
      return;
    }
    this.pushRoutes();
    this.pushSelectedRoute();
  }

  setSelected(id: string | null) {
    this.selectedId = id;
    this.animator.setSelected(id);
    this.pushSelectedRoute();
  }

  /** The highlighted route follows the selection and the flight's current route. */
  pushSelectedRoute(force = false) {
    const source = this.map?.getSource<GeoJSONSource>(SOURCE.selectedRoute);
    if (!source) return;
    const id = this.selectedId;
    const flight = id ? this.flights.find((f) => f.id === id || f.codigo === id) : undefined;
    const key = flight ? `${id}|${routeKey(flight)}` : '';
    if (key === this.selectedKey && !force) return;
    this.selectedKey = key;
    source.setData(selectedRouteCollection(flight ? [flight] : [], id));
  }

  /** Applied filters: load levels, and the airports region/city leave (a flight needs one end there). */
  setFilters(niveles: Record<LoadLevel, boolean> | null, airports: ReadonlySet<string> | null) {
    this.filter = (f) =>
      (!niveles || !f.nivel || niveles[f.nivel]) && flightVisible(airports, f.origen, f.destino);
    this.animator.setFilter(this.filter);
    this.pushRoutes();
  }

  /** Route lines change only when the set of visible routes does (not on every progress update). */
  pushRoutes(force = false) {
    const source = this.map?.getSource<GeoJSONSource>(SOURCE.routes);
    this.pending = !source;
    if (!source) return;
    const visible = this.flights.filter(this.filter);
    const key = routesSignature(visible);
    if (key === this.routesKey && !force) return;
    this.routesKey = key;
    source.setData(routesCollection(visible));
    this.onCount?.(visible.length);
  }
}

/**
 * Feeds the live stream into the map without re-rendering React: the connection actor's flight list goes
 * to the animator (planes, every frame) and to the routes source.
 */
export function useLiveFlightLayers(
  map: MapLibreMap | null,
  niveles: Record<LoadLevel, boolean> | null,
  visibleAirports: ReadonlySet<string> | null,
  selectedFlightId: string | null,
  onCount?: (visible: number) => void,
) {
  const actorRef = ConnectionContext.useActorRef();
  const [layers] = useState(() => new LiveFlightLayers());
  const onCountRef = useRef(onCount);
  onCountRef.current = onCount;
  layers.onCount = (n) => onCountRef.current?.(n);

  useEffect(() => {
    if (!map) return;
    layers.map = map;
    layers.pushRoutes(true);
    layers.setFlights(actorRef.getSnapshot().context.flights);
    const subscription = actorRef.subscribe((snapshot) => layers.setFlights(snapshot.context.flights));
    const stop = runAnimationLoop(layers.animator, {
      setFlightsData: (data) => {
        const source = map.getSource<GeoJSONSource>(SOURCE.flights);
        source?.setData(data);
        return source !== undefined;
      },
      beforeFrame: () => {
        if (layers.pending && !mapAnimationHeld()) {
          layers.pushRoutes(true);
          layers.pushSelectedRoute(true);
        }
      },
    });
    // A full style reload (a remote style switching theme) drops source data: hand it over again.
    const onStyle = () => {
      layers.pushRoutes(true);
      layers.pushSelectedRoute(true);
      layers.animator.invalidate();
    };
    map.on('style.load', onStyle);
    return () => {
      subscription.unsubscribe();
      stop();
      map.off('style.load', onStyle);
      layers.map = null;
    };
  }, [map, actorRef, layers]);

  useEffect(() => {
    layers.setSelected(selectedFlightId);
  }, [layers, selectedFlightId]);

  useEffect(() => {
    layers.setFilters(niveles, visibleAirports);
  }, [layers, niveles, visibleAirports]);
}
