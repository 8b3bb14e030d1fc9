import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { drawerMachine } from './drawer.machine';

describe('drawer machine', () => {
  it('starts closed and placed right, with no view', () => {
    const snapshot = createActor(drawerMachine).start().getSnapshot();
    expect(snapshot.value).toBe('closed');
    expect(snapshot.context).toEqual({ view: null, placement: 'right', className: '' });
  });

  it('opens with a view, a placement and a class name', () => {
    const actor = createActor(drawerMachine).start();
    actor.send({ type: 'drawer.open', view: 'sideMenu', placement: 'left', className: 'menu-drawer' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toEqual({ view: 'sideMenu', placement: 'left', className: 'menu-drawer' });
  });

  it('placement defaults to right when the opener does not say', () => {
    const actor = createActor(drawerMachine).start();
    actor.send({ type: 'drawer.open', view: 'details' });
    expect(actor.getSnapshot().context.placement).toBe('right');
    expect(actor.getSnapshot().context.className).toBe('');
  });

  it('closing clears the open flag only; the view stays for the closing animation', () => {
    const actor = createActor(drawerMachine).start();
    actor.send({ type: 'drawer.open', view: 'sideMenu', placement: 'left' });
    actor.send({ type: 'drawer.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.view).toBe('sideMenu');
    expect(actor.getSnapshot().can({ type: 'drawer.close' })).toBe(false);
  });

  it('a second open replaces the view without closing', () => {
    const actor = createActor(drawerMachine).start();
    actor.send({ type: 'drawer.open', view: 'sideMenu', placement: 'left' });
    actor.send({ type: 'drawer.open', view: 'details' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ view: 'details', placement: 'right' });
  });
});
