import type { ActorOptions, AnyActorLogic } from 'xstate';

/** What the Stately inspector hands to actors (development only). */
export type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;
