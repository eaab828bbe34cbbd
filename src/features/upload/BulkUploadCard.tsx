import { Card } from '../../components/Card/Card';
import { CancellationsSlot } from './CancellationsSlot';
import { ErrorsSlot, type UploadActors, UploadSlot } from './UploadSlot';

export interface BulkUploadCardProps {
  /** Stand-in upload actors for stories. */
  actors?: Partial<UploadActors>;
}

/** Card 'Cargas masivas': flights, time zones (airports), errors, orders and cancellations. */
export function BulkUploadCard({ actors }: BulkUploadCardProps) {
  return (
    <Card title="Cargas masivas">
      <UploadSlot kind="vuelos" title="Vuelos" zoneLabel="Archivo de vuelos" confirmReplace actors={actors} />
      <UploadSlot
        kind="aereopuertos"
        title="Husos horarios (aeropuertos)"
        zoneLabel="Archivo de husos horarios"
        confirmReplace
        actors={actors}
      />
      <ErrorsSlot title="Errores" zoneLabel="Archivo de errores" />
      <UploadSlot
        kind="pedidos"
        title="Pedidos"
        zoneLabel="Archivo de pedidos"
        confirmReplace={false}
        actors={actors}
      />
      <CancellationsSlot actors={actors} />
    </Card>
  );
}
