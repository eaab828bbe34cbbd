import { OrderFormCard } from '../orders/OrderForm';
import { BulkUploadCard } from '../upload/BulkUploadCard';
import * as styles from './RegisterScreen.css';

/** /registrar (spec 2): bulk file loads and the single-order form. */
export function RegisterScreen() {
  return (
    <div className={styles.screen}>
      <div className={styles.grid}>
        <BulkUploadCard />
        <OrderFormCard />
      </div>
    </div>
  );
}
