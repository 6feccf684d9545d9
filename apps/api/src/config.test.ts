import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('refuses a shared database without an explicit JWT_SECRET, and says why', () => {
    const start = () => loadConfig({ DATABASE_URL: 'postgres://db/devlearn', DATA_DIR: '/tmp/devlearn-cfg' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/JWT_SECRET: must be set when DATABASE_URL is set.*same secret/s);
  });

  it('starts on a shared database with a configured secret', () => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({ DATABASE_URL: 'postgres://db/devlearn', JWT_SECRET: secret });
    expect(config.jwtSecret).toBe(secret);
  });

  it('turns true/false settings into booleans, defaults included', () => {
    const base = { DATA_DIR: '/tmp/devlearn-cfg' };
    expect(loadConfig(base).demoData).toBe(true);
    expect(loadConfig({ ...base, DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ ...base, DEMO_DATA: '' }).demoData).toBe(true);
    expect(loadConfig(base).requireAdmin2fa).toBe(false);
    expect(loadConfig({ ...base, REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
  });
});
