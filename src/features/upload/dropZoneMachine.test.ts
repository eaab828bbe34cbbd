import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dropZoneMachine } from './dropZoneMachine';

const start = () => createActor(dropZoneMachine).start();

describe('dropZoneMachine', () => {
  it('goes idle → dragging → accepted with the count of ready files', () => {
    const zone = start();
    expect(zone.getSnapshot().value).toBe('idle');
    zone.send({ type: 'drag.entered' });
    expect(zone.getSnapshot().value).toBe('dragging');
    zone.send({ type: 'files.accepted', count: 1 });
    expect(zone.getSnapshot().value).toBe('accepted');
    expect(zone.getSnapshot().context.count).toBe(1);
  });

  it('keeps the first rejection message, or the fallback when there is none', () => {
    const zone = start();
    zone.send({ type: 'files.rejected', message: 'Too many files' });
    expect(zone.getSnapshot().value).toBe('rejected');
    expect(zone.getSnapshot().context.message).toBe('Too many files');
    zone.send({ type: 'files.rejected', message: '' });
    expect(zone.getSnapshot().context.message).toBe('Archivo no permitido');
  });

  it('returns to the last outcome when a drag leaves or the picker is cancelled', () => {
    const zone = start();
    zone.send({ type: 'dialog.opened' });
    expect(zone.getSnapshot().value).toBe('dialogOpen');
    zone.send({ type: 'dialog.cancelled' });
    expect(zone.getSnapshot().value).toBe('idle');
    zone.send({ type: 'files.accepted', count: 1 });
    zone.send({ type: 'drag.entered' });
    zone.send({ type: 'drag.left' });
    expect(zone.getSnapshot().value).toBe('accepted');
    zone.send({ type: 'files.rejected', message: 'File is larger than 10 bytes' });
    zone.send({ type: 'dialog.opened' });
    zone.send({ type: 'dialog.cancelled' });
    expect(zone.getSnapshot().value).toBe('rejected');
    expect(zone.getSnapshot().context.message).toBe('File is larger than 10 bytes');
  });
});
