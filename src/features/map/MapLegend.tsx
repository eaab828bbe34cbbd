import { useId } from 'react';
import type { LoadLevel } from '../../../contract';
import { LOAD_LEVELS } from '../../../contract/enums';
import { LOAD_LEVEL_LABEL } from '../../lib/labels';
import { vars } from '../../styles/theme.css';
import { MARKER_COLORS } from '../../styles/tokens';
import * as styles from './MapLegend.css';
import { PLANE_OUTLINE } from './planeIcon';

/**
 * What the map's marks mean: plane colour (the flight's load level), airport fill (its warehouse's
 * occupancy, coloured by level), the sede ring, the selected flight's route and an order's route. The
 * swatches use the same colours the map layers do.
 */

const LEVELS = LOAD_LEVELS.map((nivel) => ({ nivel, label: LOAD_LEVEL_LABEL[nivel] }));

const planePath = `M${PLANE_OUTLINE.map(([x, y]) => `${x} ${y}`).join('L')}Z`;

function PlaneSwatch({ nivel }: { nivel: LoadLevel }) {
  return (
    <svg className={styles.swatch} viewBox="0 0 64 64" aria-hidden="true">
      <path d={planePath} style={{ fill: vars.load[nivel] }} transform="rotate(45 32 32)" />
    </svg>
  );
}

/** A marker half full: the fill rises with the warehouse's occupancy. */
function AirportSwatch({ nivel, sede = false }: { nivel?: LoadLevel; sede?: boolean }) {
  const clip = useId();
  return (
    <svg className={styles.swatch} viewBox="-11 -8 22 16" aria-hidden="true">
      <clipPath id={clip}>
        <circle r="5.5" />
      </clipPath>
      {sede ? <circle r="7.5" fill="none" stroke={MARKER_COLORS.ring} strokeWidth="1.6" /> : null}
      <circle r="5.5" fill={sede ? MARKER_COLORS.sede : MARKER_COLORS.base} />
      {nivel ? (
        <rect
          x="-6"
          y="0"
          width="12"
          height="6"
          clipPath={`url(#${clip})`}
          style={{ fill: vars.load[nivel] }}
        />
      ) : null}
      {sede ? <circle r="1.8" fill="#ffffff" /> : null}
    </svg>
  );
}

function LineSwatch({ dashed = false }: { dashed?: boolean }) {
  return (
    <svg className={styles.swatch} viewBox="0 0 22 16" aria-hidden="true">
      <path
        d="M1 12 Q11 2 21 12"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeDasharray={dashed ? '5 3' : undefined}
        style={{ stroke: dashed ? vars.load.limitado : vars.load.disponible }}
      />
    </svg>
  );
}

export function MapLegendContent() {
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Aviones: carga del vuelo</legend>
        <ul className={styles.row}>
          {LEVELS.map(({ nivel, label }) => (
            <li key={nivel} className={styles.item}>
              <PlaneSwatch nivel={nivel} />
              {label}
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Aeropuertos: ocupación del almacén</legend>
        <p className={styles.note}>El relleno sube con la ocupación; su color, el nivel.</p>
        <ul className={styles.row}>
          {LEVELS.map(({ nivel, label }) => (
            <li key={nivel} className={styles.item}>
              <AirportSwatch nivel={nivel} />
              {label}
            </li>
          ))}
        </ul>
        <ul className={styles.row}>
          <li className={styles.item}>
            <AirportSwatch />
            Sin datos
          </li>
          <li className={styles.item}>
            <AirportSwatch sede />
            Sede (anillo)
          </li>
        </ul>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Rutas</legend>
        <ul className={styles.items}>
          <li className={styles.item}>
            <LineSwatch />
            Vuelo señalado o seleccionado (color de su carga)
          </li>
          <li className={styles.item}>
            <LineSwatch dashed />
            Pedido seleccionado
          </li>
        </ul>
      </fieldset>
    </>
  );
}

/** The legend panel; the map's 'Leyenda' button shows and hides it. */
export function MapLegend({ id }: { id?: string }) {
  return (
    <section id={id} className={styles.panel} aria-label="Leyenda del mapa">
      <MapLegendContent />
    </section>
  );
}
