import type { RunMode } from '../../../contract';
import { STORES_ORDER_PLANS } from '../../../contract/enums';
import { runDownloadUrl } from '../../api/runs';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { Menu, MenuItem, MenuTrigger } from '../../components/Menu/Menu';

/** What a run offers to take away, in menu order: label, download and its query. */
export const RUN_DOWNLOAD_ITEMS = [
  { id: 'plan', label: 'Plan (JSON lines)', kind: 'plan', params: {}, orderPlans: true },
  { id: 'pedidos', label: 'Pedidos (CSV con ;)', kind: 'pedidos', params: {}, orderPlans: true },
  {
    id: 'pedidos-coma',
    label: 'Pedidos (CSV con ,)',
    kind: 'pedidos',
    params: { separador: 'coma' },
    orderPlans: true,
  },
  { id: 'kpis', label: 'Historia de KPI (CSV)', kind: 'kpis', params: {}, orderPlans: false },
  {
    id: 'reporte-texto',
    label: 'Reporte (texto)',
    kind: 'reporte',
    params: { formato: 'texto' },
    orderPlans: false,
  },
  { id: 'reporte', label: 'Reporte (JSON)', kind: 'reporte', params: {}, orderPlans: false },
] as const;

/**
 * The 'Descargar' menu of a run: each item is a link the browser downloads (the server streams the
 * file and names it), so nothing large passes through the page.
 */
export function DownloadMenu({ runId, mode }: { runId: string; mode: RunMode }) {
  // A collapse search keeps no order plans: only its KPI history and report are offered.
  const items = RUN_DOWNLOAD_ITEMS.filter((item) => !item.orderPlans || STORES_ORDER_PLANS[mode]);
  return (
    <MenuTrigger>
      <Button size="sm" variant="secondary">
        <Icon name="download" size={16} />
        Descargar
      </Button>
      <Menu aria-label="Descargar" placement="bottom start">
        {items.map((item) => (
          <MenuItem key={item.id} id={item.id} href={runDownloadUrl(runId, item.kind, item.params)} download>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
