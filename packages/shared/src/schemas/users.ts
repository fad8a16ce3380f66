// The user/* and auth calls of API.md: request bodies and results, shared by server and web.
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../vocabulary.js';
import { userSchema } from './records.js';
import { idSchema, latSchema, lngSchema } from './common.js';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { LANGUAGES } from '../i18n.js';

/** A phone number as typed with its dial code ("+221 77 123 45 67"); the server normalises to E.164. */
export const mobileInputSchema = z.string().trim().min(4).max(32);
/** SPEC 5: e-mail lower-cased and trimmed. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** D-8: at least 8 characters. */
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH).max(128);
/** ISO 3166-1 alpha-2, upper case ("SN", "NE", "CD"). */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const sendMessageBodySchema = z.object({
  mobile_no: mobileInputSchema,
  email: emailSchema.optional(),
  forget_password: z.boolean().default(false),
  /** D-24: the language of the page that asks, so the code's SMS is in it (the account has none yet). */
  language: z.enum(LANGUAGES).optional(),
});
export const codeValidationBodySchema = z.object({
  mobile_no: mobileInputSchema,
  code: smsCodeSchema,
  forget_password: z.boolean().default(false),
});
export const verificationResultSchema = z.object({ verification_token: z.string() });

export const newUserSchema = z.object({
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60).optional(),
  email: emailSchema,
  mobile_no: mobileInputSchema,
  country: countryCodeSchema,
  physical_address: z.string().trim().min(1).max(200).optional(),
  password: passwordSchema,
  account_type: z.enum(ACCOUNT_TYPES),
  lat: latSchema,
  lng: lngSchema,
  verification_token: z.string().min(1).max(200),
  /** D-24: the interface language at registration, so the first SMS is already in it. */
  language: z.enum(LANGUAGES).optional(),
});
export type NewUser = z.infer<typeof newUserSchema>;
export const registerBodySchema = z.object({ new_user: newUserSchema });

export const loginBodySchema = z.object({
  /** An e-mail or a phone number (SPEC 2.3 item 18). */
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  device_token: z.string().max(4096).optional(),
});
export const sessionResultSchema = z
  .object({ user: userSchema, auth_key: z.string(), expiry: z.string() })
  .meta({ id: 'Session' });
export type SessionResult = z.infer<typeof sessionResultSchema>;
export const socialSessionResultSchema = sessionResultSchema.extend({ needs_completion: z.boolean() });

export const updatePasswordBodySchema = z.object({
  mobile_no: mobileInputSchema,
  password: passwordSchema,
  verification_token: z.string().min(1).max(200),
});
export const updateCountryBodySchema = z.object({ user_id: idSchema, country: countryCodeSchema });
/** Name, e-mail and mobile are read-only (SPEC 5); these may change. */
export const updateUserDataSchema = z
  .object({
    physical_address: z.string().trim().max(200).optional(),
    country: countryCodeSchema.optional(),
    language: z.enum(['en', 'fr']).optional(),
  })
  .strict();
export const addNotiLanguageQuerySchema = z.object({ _id: idSchema, noti_lan: z.enum(['en', 'fr']) });
/** PUT /api/user/addNotiLanguage (D-24): the caller's language, as the web app names it. */
export const addNotiLanguageBodySchema = z.object({ language: z.enum(LANGUAGES) });

export const userListItemSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  email: z.string().nullable(),
  mobile_no: z.string().nullable(),
});
/** What an admin sees of a user on /getUsers (D-11). */
export const adminUserSchema = userListItemSchema
  .extend({
    lastName: z.string().nullable(),
    identity_flag: z.boolean(),
    verified: z.boolean(),
    vip: z.boolean(),
    id_images: z.array(z.object({ url: z.string() })),
  })
  .meta({ id: 'AdminUser' });
export const adminUpdateUserBodySchema = z
  .object({ verified: z.boolean().optional(), vip: z.boolean().optional() })
  .strict();

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'local'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const loginViaBodySchema = z.object({
  code: z.string().min(16).max(200),
  /** The random value whose SHA-256 the starting tab sent as `binding`; 401 without it. */
  verifier: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43,128}$/)
    .optional(),
});
/**
 * SPEC 5: social completion needs e-mail (if missing), phone and country. The
 * phone is proven as registration proves it, by the verification token of its SMS code (needless
 * only when the account's own number is proven already and sent unchanged).
 */
export const socialCompletionBodySchema = z.object({
  email: emailSchema.optional(),
  mobile_no: mobileInputSchema,
  country: countryCodeSchema,
  verification_token: z.string().min(1).max(200).optional(),
});

/** The code sent to the user's e-mail, proving they own it. */
export const emailVerifyBodySchema = z.object({ code: smsCodeSchema });
