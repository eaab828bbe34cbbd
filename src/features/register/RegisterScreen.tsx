import { useIsMobile } from '../../lib/useMediaQuery';
import { CALLS, useCan } from '../auth/useCan';
import { OrderFormCard } from '../orders/OrderForm';
import { REGISTRAR_PLACEHOLDER } from '../shell/navigation';
import { BulkUploadCard } from '../upload/BulkUploadCard';
import * as styles from './RegisterScreen.css';

/** /registrar: bulk file loads and the single-order form. */
export function RegisterScreen() {
  // On a phone the order form comes first: it is the everyday task, the bulk loads are occasional.
  const orderFirst = useIsMobile();
  const can = useCan();
  // Each card only for a role that may use it (an operador registers orders, files are the administrador's).
  const orderForm = can(CALLS.registerOrder) ? <OrderFormCard /> : null;
  const uploads = can(CALLS.loadFiles) ? <BulkUploadCard /> : null;
  return (
    <div className={styles.screen}>
      {/* The /registrar panel is only this placeholder text; it heads the screen. */}
      <p className={styles.intro}>{REGISTRAR_PLACEHOLDER}</p>
      <div className={styles.grid}>
        {orderFirst ? orderForm : null}
        {uploads}
        {orderFirst ? null : orderForm}
      </div>
    </div>
  );
}
