import { useAtom } from 'jotai';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useId } from 'react';
import { MAP_LIVE_LIMIT } from '../../api/live';
import { Button } from '../../components/Button/Button';
import { ToggleChip } from '../../components/ToggleChip/ToggleChip';
import { ConnectionContext } from '../connection/ConnectionContext';
import { ConnectionStatus } from '../connection/ConnectionStatus';
import * as styles from './FlightMap.css';
import { flightCountText, showAllOffer } from './flightCount';
import { MapLegend } from './MapLegend';
import { drawAllRoutesAtom, legendOpenAtom, showAllFlightsAtom } from './mapAtoms';
import type { MapProjection } from './mapConfig';

export interface MapControlsProps {
  map: MapLibreMap | null;
  projection: MapProjection;
  onToggleProjection: () => void;
  /** Planes on the map after the filters; undefined until the first list arrives. */
  visibleFlights: number | undefined;
}

/** Zoom, projection, the stream's state and how many of the flights in the air the map shows. */
export function MapControls({ map, projection, onToggleProjection, visibleFlights }: MapControlsProps) {
  const [legendOpen, setLegendOpen] = useAtom(legendOpenAtom);
  const legendId = useId();
  return (
    <>
      <div className={styles.controls}>
        <div className={styles.controlRow}>
          <Button
            className={styles.control}
            variant="secondary"
            size="sm"
            aria-label="Alejar"
            isDisabled={!map}
            onPress={() => map?.zoomOut()}
          >
            −
          </Button>
          <Button
            className={styles.control}
            variant="secondary"
            size="sm"
            aria-label="Acercar"
            isDisabled={!map}
            onPress={() => map?.zoomIn()}
          >
            +
          </Button>
          <Button
            className={styles.control}
            variant="secondary"
            size="sm"
            onPress={onToggleProjection}
            aria-label={
              projection === 'mercator' ? 'Cambiar a proyección globo' : 'Cambiar a proyección Mercator'
            }
          >
            {projection === 'mercator' ? 'Globo' : 'Mercator'}
          </Button>
          <Button
            className={styles.control}
            variant="secondary"
            size="sm"
            aria-expanded={legendOpen}
            aria-controls={legendOpen ? legendId : undefined}
            onPress={() => setLegendOpen(!legendOpen)}
          >
            Leyenda
          </Button>
        </div>
        <ConnectionStatus />
        <FlightCount visibleFlights={visibleFlights} />
      </div>
      {legendOpen ? <MapLegend id={legendId} /> : null}
    </>
  );
}

function FlightCount({ visibleFlights }: { visibleFlights: number | undefined }) {
  const connected = ConnectionContext.useSelector((s) => s.matches({ live: 'connected' }));
  const enAire = ConnectionContext.useSelector((s) => s.context.instant?.enAire ?? null);
  const received = ConnectionContext.useSelector((s) => s.context.flights.length);
  const [showAll, setShowAll] = useAtom(showAllFlightsAtom);
  const [drawAll, setDrawAll] = useAtom(drawAllRoutesAtom);
  if (!connected || visibleFlights === undefined) return null;
  const offer = showAllOffer(received, enAire, showAll);
  return (
    <div className={styles.countBox} data-airborne-count={enAire ?? undefined}>
      <p className={styles.countText} aria-live="polite">
        {flightCountText(visibleFlights, enAire)}
      </p>
      <div className={styles.controlRow}>
        {offer ? (
          <Button variant="secondary" size="sm" onPress={() => setShowAll(offer === 'todos')}>
            {offer === 'todos' ? 'Mostrar todos' : `Mostrar solo los ${MAP_LIVE_LIMIT} más cargados`}
          </Button>
        ) : null}
        <ToggleChip isSelected={drawAll} onChange={setDrawAll}>
          Todas las rutas
        </ToggleChip>
      </div>
    </div>
  );
}
