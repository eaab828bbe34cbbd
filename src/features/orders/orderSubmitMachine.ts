import { assign, fromPromise, setup } from 'xstate';
import type { OrderPayload } from '../../../contract';
import { registerOrder } from '../../api/orders';
import {
  emptyOrder,
  isValidOrder,
  ORDER_FIELDS,
  type OrderField,
  type OrderFormValues,
  toPayload,
} from './orderForm';

/**
 * The single-order form: values live here so a success can reset them. Errors show for
 * a field once it has been touched (left once) or after a submit attempt. Submit runs validating →
 * sending → success | failure; every field is locked while sending.
 */

export interface OrderSubmitInput {
  defaultAirport: string;
}

export interface OrderSubmitContext {
  values: OrderFormValues;
  touched: Partial<Record<OrderField, boolean>>;
  defaultAirport: string;
  /** The server's answer of the last success, or the error text of the last failure. */
  response: string | null;
  error: string | null;
  /** Counts finished submissions, so the screen fires one toast per result. */
  results: number;
}

export type OrderSubmitEvent =
  | { type: 'field.changed'; field: OrderField; value: string }
  | { type: 'field.blurred'; field: OrderField }
  | { type: 'form.submitted' }
  | { type: 'defaults.changed'; aeropuerto: string };

export const sendOrderActor = fromPromise<string, OrderPayload>(async ({ input, signal }) => {
  const [text, error] = await registerOrder(input, signal);
  if (error) throw { message: error.message, details: error.details };
  return text;
});

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : `Error desconocido ${String(error)}`;

const editing = {
  'field.changed': { actions: 'setField' as const },
  'field.blurred': { actions: 'touch' as const },
  'form.submitted': { target: '#orderSubmit.validating' },
  'defaults.changed': { actions: 'setDefault' as const },
};

export const orderSubmitMachine = setup({
  types: {
    context: {} as OrderSubmitContext,
    events: {} as OrderSubmitEvent,
    input: {} as OrderSubmitInput,
  },
  actors: { sendOrder: sendOrderActor },
  actions: {
    setField: assign({
      values: ({ context, event }) =>
        event.type === 'field.changed' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'field.blurred' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    touchAll: assign({ touched: () => Object.fromEntries(ORDER_FIELDS.map((f) => [f, true])) }),
    /** Airports arrive after the form: move the destination along while the operator has not picked one. */
    setDefault: assign(({ context, event }) => {
      if (event.type !== 'defaults.changed') return {};
      const untouched = context.values.aeropuerto === context.defaultAirport;
      return {
        defaultAirport: event.aeropuerto,
        values: untouched ? { ...context.values, aeropuerto: event.aeropuerto } : context.values,
      };
    }),
    reset: assign(({ context }) => ({ values: emptyOrder(context.defaultAirport), touched: {} })),
  },
  guards: {
    valid: ({ context }) => isValidOrder(context.values),
  },
}).createMachine({
  id: 'orderSubmit',
  context: ({ input }) => ({
    values: emptyOrder(input.defaultAirport),
    touched: {},
    defaultAirport: input.defaultAirport,
    response: null,
    error: null,
    results: 0,
  }),
  initial: 'idle',
  states: {
    idle: { on: editing },
    validating: {
      always: [
        { guard: 'valid', target: 'sending' },
        { target: 'idle', actions: 'touchAll' },
      ],
    },
    sending: {
      on: { 'defaults.changed': { actions: 'setDefault' } },
      invoke: {
        src: 'sendOrder',
        input: ({ context }) => toPayload(context.values),
        onDone: {
          target: 'success',
          actions: [
            assign(({ context, event }) => ({
              response: event.output,
              error: null,
              results: context.results + 1,
            })),
            'reset',
          ],
        },
        onError: {
          target: 'failure',
          actions: assign(({ context, event }) => ({
            error: messageOf(event.error),
            response: null,
            results: context.results + 1,
          })),
        },
      },
    },
    success: { on: editing },
    failure: { on: editing },
  },
});
