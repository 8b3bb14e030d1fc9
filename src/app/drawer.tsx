import { createActorContext } from '@xstate/react';
import { drawerMachine } from '../machines/drawer.machine';

/** The shared side drawer of the signed-in layout; any page may open it with a view name. */
export const DrawerContext = createActorContext(drawerMachine);
