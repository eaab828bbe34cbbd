import 'maplibre-gl/dist/maplibre-gl.css';
import { Layer, type MapLayerMouseEvent, type MapRef, Map as ReactMap, Source } from '@vis.gl/react-maplibre';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AirportDto, LiveFormat, RunMode } from '../../../contract';
import { liveFlightsUrl, MAP_LIVE_ALL_LIMIT, MAP_LIVE_LIMIT } from '../../api/live';
import { useIsMobile } from '../../lib/useMediaQuery';
import { MAP_COLORS } from '../../styles/tokens';
import { ConnectionContext } from '../connection/ConnectionContext';
import { connectionMachine } from '../connection/connectionMachine';
import { appliedFiltersAtom, visibleAirportCodesAtom } from '../filters/filterAtoms';
import { useResolvedTheme } from '../theme/useResolvedTheme';
import { AirportLabel } from './AirportLabel';
import { airportsCollection, OCCUPANCY_ICON_IDS, occupancyIcon } from './airportFeatures';
import { embeddedStyle } from './baseStyle';
import { AirportCard, FlightCard } from './DetailCards';
import * as styles from './FlightMap.css';
import {
  EMPTY_COLLECTION,
  FLIGHT_LAYERS,
  FLIGHTS_SOURCE_OPTIONS,
  INTERACTIVE_LAYERS,
  LAYER,
  SOURCE,
} from './flightLayers';
import { MapControls } from './MapControls';
import {
  activeAirportAtom,
  drawAllRoutesAtom,
  projectionAtom,
  selectedFlightIdAtom,
  selectedOrderKeyAtom,
  showAllFlightsAtom,
  toggleProjectionAtom,
} from './mapAtoms';
import {
  INITIAL_VIEW,
  type MapProjection,
  NETWORK_FIT_PADDING_PX,
  networkBounds,
  REMOTE_STYLE_URL,
  zoomLimits,
} from './mapConfig';
import { hoveredAirportAtom, orderDetailQueryAtom, warehousesQueryAtom } from './mapDataAtoms';
import { highlightCollection, type MapHighlight } from './mapHighlight';
import { MAP_LOCALE_ES } from './mapLocale';
import { ConnectionBridge, MapProblems, useAirports } from './mapStatus';
import { OrderCard } from './OrderCard';
import { ensurePlaneIcon } from './planeIcon';
import { routeFeature } from './routeLines';
import { routeDrawing } from './routePolicy';
import { useLiveFlightLayers } from './useLiveFlightLayers';

maplibregl.setWorkerUrl(workerUrl);

export interface FlightMapProps {
  /** Whose run (and live stream) the map shows. */
  mode: RunMode;
  /** The connection machine, with stand-in actors in stories and tests (default: the real EventSource). */
  connectionLogic?: typeof connectionMachine;
  /** Start in this projection instead of the shared one (stories). */
  initialProjection?: MapProjection;
  /** Airports and flights to mark out (a collapse's saturated ones). */
  highlight?: MapHighlight | null;
}

/** The live world map of one run mode: airports, flights on great circles, detail cards. */
/**
 * The app reads the compact stream; `?formato=arreglo` in the page address asks for the spec's array
 * format instead (a proxy that drops named SSE events, or a comparison of the two).
 */
const liveFormat = (): LiveFormat =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('formato') === 'arreglo'
    ? 'arreglo'
    : 'compacto';

export function FlightMap({ mode, connectionLogic, initialProjection, highlight }: FlightMapProps) {
  // 'Mostrar todos' asks the server for every flight in the air: a new stream (red + foto) at once.
  const showAll = useAtomValue(showAllFlightsAtom);
  const url = liveFlightsUrl(mode, showAll ? MAP_LIVE_ALL_LIMIT : MAP_LIVE_LIMIT, liveFormat());
  return (
    <ConnectionContext.Provider
      key={mode}
      logic={connectionLogic ?? connectionMachine}
      options={{ input: { url } }}
    >
      <FollowUrl url={url} />
      <FlightMapView mode={mode} initialProjection={initialProjection} highlight={highlight} />
    </ConnectionContext.Provider>
  );
}

/** A new list of the same run (another limit or format) reconnects the stream; the map stays as it is. */
function FollowUrl({ url }: { url: string }) {
  const actor = ConnectionContext.useActorRef();
  useEffect(() => {
    if (actor.getSnapshot().context.url !== url) actor.send({ type: 'connection.url', url });
  }, [actor, url]);
  return null;
}

function baseStyleFor(theme: 'light' | 'dark') {
  if (REMOTE_STYLE_URL) return REMOTE_STYLE_URL.replace('{theme}', theme);
  return embeddedStyle(theme);
}

/** Paints the embedded base layers for a theme in place (no style reload, so flights keep flying). */
function paintBase(map: maplibregl.Map, theme: 'light' | 'dark') {
  if (REMOTE_STYLE_URL) return;
  const c = MAP_COLORS[theme];
  const set = (layer: string, prop: 'background-color' | 'fill-color' | 'line-color', value: string) => {
    if (map.getLayer(layer)) map.setPaintProperty(layer, prop, value);
  };
  set('water', 'background-color', c.water);
  set('land', 'fill-color', c.land);
  set('coastline', 'line-color', c.coastline);
  set('borders', 'line-color', c.border);
  set('graticule', 'line-color', c.graticule);
  map.setSky({ 'sky-color': c.water, 'horizon-color': c.water, 'fog-color': c.water });
}

const airportHit = (event: MapLayerMouseEvent) =>
  event.features?.find((f) => f.layer.id === LAYER.airportMarkers);

function FlightMapView({
  mode,
  initialProjection,
  highlight,
}: Pick<FlightMapProps, 'mode' | 'initialProjection' | 'highlight'>) {
  const theme = useResolvedTheme();
  const isMobile = useIsMobile();
  const [sharedProjection, setProjection] = useAtom(projectionAtom);
  const toggleProjection = useSetAtom(toggleProjectionAtom);
  const [localProjection, setLocalProjection] = useState(initialProjection);
  const projection = localProjection ?? sharedProjection;
  const onToggleProjection = () => {
    if (localProjection) {
      setProjection(localProjection === 'mercator' ? 'globe' : 'mercator');
      setLocalProjection(undefined);
    } else toggleProjection();
  };

  const { airports, failure: airportsFailure, retry: retryAirports } = useAirports();
  const offline = ConnectionContext.useSelector((s) => s.matches('disconnected'));
  const warehouses = useAtomValue(warehousesQueryAtom(mode));
  const [active, setActive] = useAtom(activeAirportAtom);
  const [hovered, setHovered] = useAtom(hoveredAirportAtom);
  const [selectedFlightId, setSelectedFlightId] = useAtom(selectedFlightIdAtom);
  const selectedOrderKey = useAtomValue(selectedOrderKeyAtom);
  const orderDetail = useAtomValue(orderDetailQueryAtom(mode));
  const filters = useAtomValue(appliedFiltersAtom(mode));
  const visibleAirports = useAtomValue(visibleAirportCodesAtom(mode));
  const drawAll = useAtomValue(drawAllRoutesAtom);

  const mapRef = useRef<MapRef>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [visibleFlights, setVisibleFlights] = useState<number | undefined>(undefined);

  // The initial style only: later theme changes repaint in place (see paintBase).
  const [initialStyle] = useState(() => baseStyleFor(theme));
  const mapStyle = REMOTE_STYLE_URL ? baseStyleFor(theme) : initialStyle;
  const layers = FLIGHT_LAYERS[theme];
  const limits = zoomLimits(projection, isMobile);

  const onCount = useCallback((n: number) => {
    setVisibleFlights(n);
    if (rootRef.current) rootRef.current.dataset.flightCount = String(n);
  }, []);
  const niveles = filters?.niveles ?? null;
  const drawing = routeDrawing(drawAll, niveles, visibleAirports);
  const onRoutes = useCallback((n: number) => {
    if (rootRef.current) rootRef.current.dataset.routeCount = String(n);
  }, []);
  const flightLayers = useLiveFlightLayers(map, {
    niveles,
    visibleAirports,
    drawing,
    selectedFlightId,
    onCount,
    onRoutes,
  });

  useEffect(() => {
    if (map) paintBase(map, theme);
  }, [map, theme]);

  // A phone cannot show the whole network at the desktop's first view: fit it once, when the
  // airports arrive, unless the operator has already moved the map.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || !isMobile || fitted.current || airports.length === 0) return;
    fitted.current = true;
    if (map.isMoving() || map.getZoom() !== INITIAL_VIEW.zoom) return;
    const bounds = networkBounds(airports);
    map.fitBounds(bounds, { padding: NETWORK_FIT_PADDING_PX, animate: false });
  }, [map, isMobile, airports]);

  const airportsData = useMemo(
    () =>
      airportsCollection(
        // Region/city filters hide the other airports, never the one the operator picked.
        visibleAirports
          ? airports.filter((a) => visibleAirports.has(a.codigo) || a.codigo === active)
          : airports,
        warehouses.data,
        theme,
      ),
    [airports, warehouses.data, theme, visibleAirports, active],
  );

  const orderRoute = useMemo<GeoJSON.FeatureCollection>(() => {
    if (!selectedOrderKey || !orderDetail.data) return EMPTY_COLLECTION;
    const byCode = new Map(airports.map((a) => [a.codigo, a]));
    const features = orderDetail.data.envios.flatMap((envio) =>
      envio.tramos.flatMap((tramo) => {
        const from = byCode.get(tramo.origen);
        const to = byCode.get(tramo.destino);
        return from && to ? [routeFeature({ id: tramo.vuelo }, from.lon, from.lat, to.lon, to.lat)] : [];
      }),
    );
    return { type: 'FeatureCollection', features };
  }, [selectedOrderKey, orderDetail.data, airports]);

  useEffect(() => {
    if (rootRef.current) rootRef.current.dataset.orderLegs = String(orderRoute.features.length);
  }, [orderRoute]);

  const highlighted = useMemo(() => highlightCollection(highlight, airports), [highlight, airports]);
  useEffect(() => {
    if (rootRef.current) rootRef.current.dataset.highlighted = String(highlighted.features.length);
  }, [highlighted]);

  // Hover and active live in MapLibre feature state: a paint change, no data reload.
  useEffect(() => {
    if (!map || !hovered) return;
    const target = { source: SOURCE.airports, id: hovered };
    if (map.getSource(SOURCE.airports)) map.setFeatureState(target, { hover: true });
    return () => {
      if (map.getSource(SOURCE.airports)) map.setFeatureState(target, { hover: false });
    };
  }, [map, hovered]);
  useEffect(() => {
    if (!map || !active) return;
    const target = { source: SOURCE.airports, id: active };
    if (map.getSource(SOURCE.airports)) map.setFeatureState(target, { active: true });
    return () => {
      if (map.getSource(SOURCE.airports)) map.setFeatureState(target, { active: false });
    };
  }, [map, active]);

  useEffect(() => {
    if (rootRef.current) rootRef.current.dataset.airportCount = String(airportsData.features.length);
  }, [airportsData]);

  const onLoad = () => {
    const instance = mapRef.current?.getMap() ?? null;
    if (!instance) return;
    ensurePlaneIcon(instance);
    for (const id of OCCUPANCY_ICON_IDS) {
      const image = occupancyIcon(id);
      if (image && !instance.hasImage(id)) instance.addImage(id, image, { pixelRatio: 2 });
    }
    instance.on('styleimagemissing', (e: { id: string }) => {
      if (e.id === 'plane') ensurePlaneIcon(instance);
      const image = occupancyIcon(e.id);
      if (image && !instance.hasImage(e.id)) instance.addImage(e.id, image, { pixelRatio: 2 });
    });
    if (rootRef.current) rootRef.current.dataset.mapLoaded = 'true';
    // The zoom, for tests and stories that press the zoom buttons.
    const showZoom = () => {
      if (rootRef.current) rootRef.current.dataset.zoom = instance.getZoom().toFixed(2);
    };
    showZoom();
    instance.on('zoomend', showZoom);
    setMap(instance);
  };

  const onMouseMove = (event: MapLayerMouseEvent) => {
    const airport = airportHit(event);
    const code = airport ? String(airport.properties?.codigo) : null;
    if (code !== hovered) setHovered(code);
    // A plane under the pointer shows its route (an airport under it wins, as on click).
    const plane = airport ? undefined : event.features?.[0];
    flightLayers.setHovered(plane ? String(plane.properties?.id) : null);
    event.target.getCanvas().style.cursor = event.features?.length ? 'pointer' : '';
  };

  const onClick = (event: MapLayerMouseEvent) => {
    // An airport wins over planes drawn on it: hubs are always surrounded by departing traffic.
    const airport = airportHit(event);
    if (airport) {
      const code = String(airport.properties?.codigo);
      setActive(active === code ? null : code);
      return;
    }
    const plane = event.features?.[0];
    if (plane) {
      const id = String(plane.properties?.id);
      setSelectedFlightId(selectedFlightId === id ? null : id);
    }
  };

  const labelled = [active, hovered !== active ? hovered : null]
    .map((code) => airports.find((a) => a.codigo === code))
    .filter((a): a is AirportDto => a !== undefined);

  return (
    <div
      ref={rootRef}
      className={styles.root}
      data-testid="flight-map"
      data-mode={mode}
      data-projection={projection}
      data-theme={theme}
      data-offline={offline || undefined}
      data-route-drawing={drawing}
    >
      <ConnectionBridge mode={mode} />
      <div className={offline ? `${styles.canvasHost} ${styles.dimmed}` : styles.canvasHost}>
        <ReactMap
          ref={mapRef}
          mapLib={maplibregl}
          initialViewState={INITIAL_VIEW}
          mapStyle={mapStyle}
          projection={projection}
          minZoom={limits.minZoom}
          maxZoom={limits.maxZoom}
          interactiveLayerIds={INTERACTIVE_LAYERS}
          onLoad={onLoad}
          onMouseMove={onMouseMove}
          onMouseLeave={() => {
            setHovered(null);
            flightLayers.setHovered(null);
          }}
          onClick={onClick}
          attributionControl={false}
          locale={MAP_LOCALE_ES}
          dragRotate={false}
          style={{ width: '100%', height: '100%' }}
        >
          {/* Sources mount after load, in drawing order, once the icons they use exist. */}
          {map ? (
            <>
              <Source id={SOURCE.routes} type="geojson" data={EMPTY_COLLECTION}>
                <Layer {...layers.routes} />
              </Source>
              <Source id={SOURCE.selectedRoute} type="geojson" data={EMPTY_COLLECTION}>
                <Layer {...layers.routeSelected} />
              </Source>
              <Source id={SOURCE.orderRoute} type="geojson" data={orderRoute}>
                <Layer {...layers.orderRoute} />
              </Source>
              <Source id={SOURCE.highlight} type="geojson" data={highlighted}>
                <Layer {...layers.highlightRoutes} />
                <Layer {...layers.highlightAirports} />
              </Source>
              <Source id={SOURCE.airports} type="geojson" data={airportsData} promoteId="codigo">
                <Layer {...layers.airportSedeRing} />
                <Layer {...layers.airportMarkers} />
                <Layer {...layers.airportOccupancy} />
                <Layer {...layers.airportSedeDot} />
              </Source>
              <Source id={SOURCE.flights} type="geojson" data={EMPTY_COLLECTION} {...FLIGHTS_SOURCE_OPTIONS}>
                <Layer {...layers.planes} />
                <Layer {...layers.planeSelected} />
              </Source>
            </>
          ) : null}
        </ReactMap>
      </div>
      {map
        ? labelled.map((a) => (
            <AirportLabel
              key={a.codigo}
              map={map}
              airport={a}
              kind={a.codigo === active ? 'active' : 'hover'}
            />
          ))
        : null}
      <div className={styles.side} data-map-overlay>
        <MapControls
          map={map}
          projection={projection}
          onToggleProjection={onToggleProjection}
          visibleFlights={visibleFlights}
        />
        <div className={styles.cards}>
          <OrderCard mode={mode} airports={airports} />
          <FlightCard mode={mode} />
          <AirportCard mode={mode} airports={airports} />
        </div>
      </div>
      <MapProblems airportsFailure={airportsFailure} onRetry={retryAirports} />
    </div>
  );
}
