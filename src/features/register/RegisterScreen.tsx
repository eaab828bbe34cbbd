import { useIsMobile } from '../../lib/useMediaQuery';
import { OrderFormCard } from '../orders/OrderForm';
import { REGISTRAR_PLACEHOLDER } from '../shell/navigation';
import { BulkUploadCard } from '../upload/BulkUploadCard';
import * as styles from './RegisterScreen.css';

/** /registrar (spec 2): bulk file loads and the single-order form. */
export function RegisterScreen() {
  // On a phone the order form comes first: it is the everyday task, the bulk loads are occasional.
  const orderFirst = useIsMobile();
  return (
    <div className={styles.screen}>
      {/* Spec 2: the /registrar panel is only this placeholder text; it heads the screen. */}
      <p className={styles.intro}>{REGISTRAR_PLACEHOLDER}</p>
      <div className={styles.grid}>
        {orderFirst ? <OrderFormCard /> : null}
        <BulkUploadCard />
        {orderFirst ? null : <OrderFormCard />}
      </div>
    </div>
  );
}
