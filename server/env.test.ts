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
