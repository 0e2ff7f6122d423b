import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('EMBEDDED_DB_SETTINGS', () => {
  it('is empty by default: the embedded server keeps its own small settings', () => {
    expect(readEnv({}).EMBEDDED_DB_SETTINGS).toEqual({});
  });

  it('reads name=value pairs separated by commas', () => {
    expect(readEnv({ EMBEDDED_DB_SETTINGS: ' shared_buffers = 128MB, work_mem=8MB ' }).EMBEDDED_DB_SETTINGS).toEqual({ shared_buffers: '128MB', work_mem: '8MB' });
  });

  it('refuses anything else with a message that shows the form', () => {
    for (const bad of ['shared_buffers', 'shared_buffers=', '=128MB', 'shared buffers=1', 'a=1;b=2'])
      expect(() => readEnv({ EMBEDDED_DB_SETTINGS: bad }), bad).toThrow(/EMBEDDED_DB_SETTINGS must be name=value pairs/);
  });
});

describe('IMAGE_COPIES_AT_START', () => {
  it('is on unless turned off, and refuses anything but 1 or 0', () => {
    expect(readEnv({}).IMAGE_COPIES_AT_START).toBe(true);
    expect(readEnv({ IMAGE_COPIES_AT_START: '1' }).IMAGE_COPIES_AT_START).toBe(true);
    expect(readEnv({ IMAGE_COPIES_AT_START: '0' }).IMAGE_COPIES_AT_START).toBe(false);
    expect(readEnv({ IMAGE_COPIES_AT_START: 'false' }).IMAGE_COPIES_AT_START).toBe(false);
    expect(() => readEnv({ IMAGE_COPIES_AT_START: 'off' })).toThrow(/IMAGE_COPIES_AT_START must be 1 or 0/);
  });
});
