import { createActorContext } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { Form } from 'react-aria-components';
import { airportsQueryAtom } from '../../api/airports';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Select } from '../../components/Select/Select';
import { TextField } from '../../components/TextField/TextField';
import { notify } from '../../lib/notify';
import * as styles from './OrderForm.css';
import { defaultDestination, destinationOptions, type OrderField, validateOrder } from './orderForm';
import { orderSubmitMachine } from './orderSubmitMachine';

export const OrderSubmitContext = createActorContext(orderSubmitMachine);

export const CLIENT_PLACEHOLDER = 'Ej. 0018234';
export const successText = (response: string) => `${response} ✓`;
export const failureText = (error: string) => `${error} !`;

/** Stand-in actors for stories. */
export type OrderActors = NonNullable<Parameters<typeof orderSubmitMachine.provide>[0]['actors']>;

/** One toast per finished submission: the server's text with a check mark, or the error with '!'. */
function OrderToasts() {
  const actor = OrderSubmitContext.useActorRef();
  useEffect(() => {
    let results = actor.getSnapshot().context.results;
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.context.results === results) return;
      results = snapshot.context.results;
      if (snapshot.matches('success')) notify.resultSuccess(successText(snapshot.context.response ?? ''));
      else if (snapshot.matches('failure')) notify.resultError(failureText(snapshot.context.error ?? ''));
    });
    return () => sub.unsubscribe();
  }, [actor]);
  return null;
}

function OrderFields() {
  const actor = OrderSubmitContext.useActorRef();
  const values = OrderSubmitContext.useSelector((s) => s.context.values);
  const touched = OrderSubmitContext.useSelector((s) => s.context.touched);
  const sending = OrderSubmitContext.useSelector((s) => s.matches('sending'));
  const airports = useAtomValue(airportsQueryAtom);
  const options = useMemo(() => destinationOptions(airports.data), [airports.data]);
  const fallback = defaultDestination(options);

  useEffect(() => {
    actor.send({ type: 'defaults.changed', aeropuerto: fallback });
  }, [actor, fallback]);

  const errors = validateOrder(values);
  const shown = (field: OrderField) => (touched[field] ? errors[field] : undefined);
  const blur = (field: OrderField) => () => actor.send({ type: 'field.blurred', field });

  return (
    <Form
      className={styles.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submitted' });
      }}
    >
      <TextField
        label="ID de cliente"
        name="clienteId"
        placeholder={CLIENT_PLACEHOLDER}
        value={values.clienteId}
        inputMode="numeric"
        autoComplete="off"
        onChange={(value) => actor.send({ type: 'field.changed', field: 'clienteId', value })}
        onBlur={blur('clienteId')}
        isInvalid={!!shown('clienteId')}
        errorMessage={shown('clienteId')}
        isDisabled={sending}
        isRequired
      />
      <Select
        label="Destino"
        name="aeropuerto"
        options={options.map((o) => ({ value: o.id, label: o.label }))}
        value={values.aeropuerto || null}
        onChange={(value) => actor.send({ type: 'field.changed', field: 'aeropuerto', value })}
        onBlur={blur('aeropuerto')}
        isInvalid={!!shown('aeropuerto')}
        errorMessage={shown('aeropuerto')}
        isDisabled={sending}
        isRequired
      />
      <TextField
        label="Cantidad"
        name="cantidad"
        inputMode="numeric"
        autoComplete="off"
        value={values.cantidad}
        onChange={(value) => actor.send({ type: 'field.changed', field: 'cantidad', value })}
        onBlur={blur('cantidad')}
        isInvalid={!!shown('cantidad')}
        errorMessage={shown('cantidad')}
        isDisabled={sending}
        isRequired
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={sending}>
          {sending ? 'Enviando...' : 'Enviar'}
        </Button>
      </div>
    </Form>
  );
}

export interface OrderFormCardProps {
  actors?: Partial<OrderActors>;
}

/** Card 'Registro de pedido': client, destination and quantity, sent as one order. */
export function OrderFormCard({ actors }: OrderFormCardProps) {
  const logic = useMemo(
    () => (actors ? orderSubmitMachine.provide({ actors }) : orderSubmitMachine),
    [actors],
  );
  const airports = useAtomValue(airportsQueryAtom);
  const initial = defaultDestination(destinationOptions(airports.data));
  return (
    <Card title="Registro de pedido">
      <OrderSubmitContext.Provider logic={logic} options={{ input: { defaultAirport: initial } }}>
        <OrderFields />
        <OrderToasts />
      </OrderSubmitContext.Provider>
    </Card>
  );
}
