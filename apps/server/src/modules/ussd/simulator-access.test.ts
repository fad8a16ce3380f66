import { describe, expect, it } from 'vitest';
import { simulatorPhone, type SimulatorCall } from './simulator-access.js';

const call = (over: Partial<SimulatorCall>): SimulatorCall => ({
  production: false,
  simulator: true,
  caller: { admin: false },
  own: '+221770000001',
  typed: undefined,
  ...over,
});
const code = (over: Partial<SimulatorCall>) => {
  try {
    return simulatorPhone(call(over));
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('whose number the USSD simulator dials', () => {
  it('outside production, dials a typed number, else the caller’s own', () => {
    expect(code({ typed: '+221780000009' })).toBe('+221780000009');
    expect(code({ caller: null, own: undefined, typed: '+221780000009' })).toBe('+221780000009');
    expect(code({})).toBe('+221770000001');
    expect(code({ caller: null, own: undefined })).toBe('AUTH_FAILED');
    expect(code({ typed: null })).toBe('VALIDATION');
  });

  it('is not there when USSD_SIMULATOR is off outside production', () => {
    expect(code({ simulator: false, typed: '+221780000009' })).toBe('NOT_FOUND');
  });

  it('in production, is an admin’s only, for their own number only', () => {
    expect(code({ production: true, caller: { admin: false } })).toBe('NOT_FOUND');
    expect(code({ production: true, caller: null, typed: '+221780000009' })).toBe('NOT_FOUND');
    expect(code({ production: true, caller: { admin: true } })).toBe('+221770000001');
    expect(code({ production: true, caller: { admin: true }, typed: '+221780000009' })).toBe('FORBIDDEN');
    expect(code({ production: true, simulator: false, caller: { admin: true } })).toBe('+221770000001');
  });
});
