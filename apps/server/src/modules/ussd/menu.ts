// D-37: one USSD step. The number's user (or registration for an unknown number), then the main
// menu and the chosen menu, walked from the session's first answer. Every screen fits 182
// characters (texts.test.ts walks them all); a menu acts only on its last confirmation.
import { alertsMenu } from './alerts-menu.js';
import type { UssdContext, UssdPorts, UssdUser } from './context.js';
import { dealsMenu } from './deals-menu.js';
import { findMenu } from './find.js';
import { languageMenu } from './language-menu.js';
import { publishMenu } from './publish.js';
import { REGISTRATION_ANSWERS, registration } from './register.js';
import { TEXTS } from './texts.js';
import { Answers, EndWith, type Screen, choose, clip, end } from './walk.js';

export interface UssdStep {
  sessionId: string;
  /** E.164, as the network presents it. */
  phone: string;
  /** The answers so far, joined by `*`. */
  text: string;
}

export interface UssdSettings {
  code: string;
  web: string;
  now: () => Date;
}

const MENUS = [findMenu, publishMenu, dealsMenu, alertsMenu, languageMenu];

export async function ussdStep(step: UssdStep, ports: UssdPorts, settings: UssdSettings): Promise<Screen> {
  const a = Answers.of(step.text);
  try {
    let user: UssdUser | undefined = await ports.userByPhone(step.phone);
    let welcome: string | undefined;
    if (user?.blocked) return end(TEXTS[user.language].failed);
    if (!user) {
      const registered = await registration(a, { ...step, code: settings.code }, ports);
      if ('screen' in registered) return registered.screen;
      user = registered.user;
      welcome = TEXTS[user.language].registered(clip(user.firstName, 20));
    } else if ((await ports.profile(user.id))?.registered_session === step.sessionId) {
      // This session registered the number: its first answers were the registration.
      a.skip(REGISTRATION_ANSWERS);
    }
    const t = TEXTS[user.language];
    const ctx: UssdContext = {
      sessionId: step.sessionId,
      phone: step.phone,
      lang: user.language,
      t,
      code: settings.code,
      web: settings.web,
      now: settings.now(),
      user,
      caller: { userId: user.id, admin: user.admin },
      ports,
    };
    const main = choose(a, welcome ?? t.brand, t.main, t, settings.code);
    if ('screen' in main) return main.screen;
    return await MENUS[main.index]!(a, ctx);
  } catch (error) {
    if (error instanceof EndWith) return error.screen;
    throw error;
  }
}
