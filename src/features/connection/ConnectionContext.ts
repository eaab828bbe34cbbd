import { createActorContext } from '@xstate/react';
import { connectionMachine } from './connectionMachine';

/** The live stream's connection actor, reached by the map's parts (status pill, cards, animation bridge). */
export const ConnectionContext = createActorContext(connectionMachine);
