import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { LiveFlightDto, LoadLevel } from '../../../contract';
import { ConnectionContext } from '../connection/ConnectionContext';
import { flightVisible } from '../filters/filterAtoms';
import { mapAnimationHeld } from './animationHold';
import { FlightAnimator, runAnimationLoop } from './flightAnimator';
import { EMPTY_COLLECTION, SOURCE } from './flightLayers';
import { highlightedRoutesCollection, routeKey, routesCollection, routesSignature } from './routeLines';
import type { RouteDrawing } from './routePolicy';

const matches = (f: LiveFlightDto, id: string | null) => id !== null && (f.id === id || f.codigo === id);

/** Holds the live flights between messages and hands them to the map's flights and routes sources. */
export class LiveFlightLayers {
  readonly animator = new FlightAnimator();
  private flights: readonly LiveFlightDto[] = [];
  private filter: (f: LiveFlightDto) => boolean = () => true;
  private drawing: RouteDrawing = 'ninguna';
  private routesKey: string | null = null;
  private selectedId: string | null = null;
  private hoveredId: string | null = null;
  private highlightKey = '';
  private count = -1;
  /** Routes waiting for their source to exist, or for a hold to end. */
  pending = true;
  map: MapLibreMap | null = null;
  onCount: ((visible: number) => void) | undefined;
  /** How many route lines the routes source holds (the highlighted ones aside). */
  onRoutes: ((lines: number) => void) | undefined;

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
    this.pushHighlighted();
  }

  setSelected(id: string | null) {
    this.selectedId = id;
    this.animator.setSelected(id);
    this.pushHighlighted();
  }

  /** The plane under the pointer (a map event, not React state: hovering re-renders nothing). */
  setHovered(id: string | null) {
    if (id === this.hoveredId) return;
    this.hoveredId = id;
    this.pushHighlighted();
  }

  /** The selected and hovered routes follow their flights' current routes. */
  pushHighlighted(force = false) {
    const source = this.map?.getSource<GeoJSONSource>(SOURCE.selectedRoute);
    if (!source) return;
    const selected = this.flights.find((f) => matches(f, this.selectedId));
    const hovered = this.flights.find((f) => matches(f, this.hoveredId));
    const key = `${selected ? routeKey(selected) : ''}|${hovered ? routeKey(hovered) : ''}`;
    if (key === this.highlightKey && !force) return;
    this.highlightKey = key;
    source.setData(highlightedRoutesCollection(this.flights, this.selectedId, this.hoveredId));
  }

  /** Applied filters: load levels, and the airports region/city leave (a flight needs one end there). */
  setFilters(
    niveles: Record<LoadLevel, boolean> | null,
    airports: ReadonlySet<string> | null,
    drawing: RouteDrawing,
  ) {
    this.filter = (f) =>
      (!niveles || !f.nivel || niveles[f.nivel]) && flightVisible(airports, f.origen, f.destino);
    this.drawing = drawing;
    this.animator.setFilter(this.filter);
    this.pushRoutes(true);
  }

  /** Route lines change only when the set of drawn routes does (not on every progress update). */
  pushRoutes(force = false) {
    const source = this.map?.getSource<GeoJSONSource>(SOURCE.routes);
    this.pending = !source;
    const visible = this.flights.filter(this.filter);
    if (visible.length !== this.count) {
      this.count = visible.length;
      this.onCount?.(visible.length);
    }
    if (!source) return;
    if (this.drawing === 'ninguna') {
      if (this.routesKey !== '' || force) {
        source.setData(EMPTY_COLLECTION);
        this.onRoutes?.(0);
      }
      this.routesKey = '';
      return;
    }
    const key = routesSignature(visible);
    if (key === this.routesKey && !force) return;
    this.routesKey = key;
    const routes = routesCollection(visible);
    source.setData(routes);
    this.onRoutes?.(routes.features.length);
  }
}

export interface LiveFlightLayerOptions {
  niveles: Record<LoadLevel, boolean> | null;
  visibleAirports: ReadonlySet<string> | null;
  drawing: RouteDrawing;
  selectedFlightId: string | null;
  onCount?: (visible: number) => void;
  onRoutes?: (lines: number) => void;
}

/**
 * Feeds the live stream into the map without re-rendering React: the connection actor's flight list goes
 * to the animator (planes, every frame) and to the routes sources. Returns the layers, whose
 * `setHovered` the map's pointer handler calls.
 */
export function useLiveFlightLayers(
  map: MapLibreMap | null,
  { niveles, visibleAirports, drawing, selectedFlightId, onCount, onRoutes }: LiveFlightLayerOptions,
): LiveFlightLayers {
  const actorRef = ConnectionContext.useActorRef();
  const [layers] = useState(() => new LiveFlightLayers());
  const callbacks = useRef({ onCount, onRoutes });
  callbacks.current = { onCount, onRoutes };
  layers.onCount = (n) => callbacks.current.onCount?.(n);
  layers.onRoutes = (n) => callbacks.current.onRoutes?.(n);

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
          layers.pushHighlighted(true);
        }
      },
    });
    // A full style reload (a remote style switching theme) drops source data: hand it over again.
    const onStyle = () => {
      layers.pushRoutes(true);
      layers.pushHighlighted(true);
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
    layers.setFilters(niveles, visibleAirports, drawing);
  }, [layers, niveles, visibleAirports, drawing]);

  return layers;
}
