import { beforeEach, describe, expect, it } from 'vitest';
import { clearResetFlow, readResetFlow, resetFlowOf, saveResetFlow } from './reset-flow';

beforeEach(() => sessionStorage.clear());

describe('the forgotten-password flow', () => {
  it('keeps the number, then the token, across reloads of the tab', () => {
    saveResetFlow({ mobile_no: '+221771234567' });
    expect(readResetFlow()).toEqual({ mobile_no: '+221771234567' });
    saveResetFlow({ mobile_no: '+221771234567', verification_token: 'tok' });
    expect(resetFlowOf(null)).toEqual({ mobile_no: '+221771234567', verification_token: 'tok' });
    clearResetFlow();
    expect(readResetFlow()).toBeNull();
  });

  it('prefers the router state of this navigation to what is stored', () => {
    saveResetFlow({ mobile_no: '+221770000000' });
    expect(resetFlowOf({ mobile_no: '+221771234567' })).toEqual({ mobile_no: '+221771234567' });
  });

  it('ignores what is not a flow', () => {
    sessionStorage.setItem('forgotPassword', '{not json');
    expect(readResetFlow()).toBeNull();
    sessionStorage.setItem('forgotPassword', '{"mobile_no":42}');
    expect(resetFlowOf({ other: 1 })).toBeNull();
  });
});
