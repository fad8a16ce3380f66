// D-21: every notification is stored with its English and French text.
import type { Bilingual } from '@app/shared';

type Sub = Bilingual;

export const notices = {
  accepted: (who: string, sub: Sub): Bilingual => ({
    en: `${who} accepted your post "${sub.en}".`,
    fr: `${who} a accepté votre annonce « ${sub.fr} ».`,
  }),
  rejected: (who: string, sub: Sub): Bilingual => ({
    en: `${who} cancelled the order on your post "${sub.en}". It is open again.`,
    fr: `${who} a annulé la commande de votre annonce « ${sub.fr} ». Elle est de nouveau ouverte.`,
  }),
  deleted: (sub: Sub): Bilingual => ({
    en: `The post "${sub.en}" you accepted was deleted by its owner.`,
    fr: `L'annonce « ${sub.fr} » que vous avez acceptée a été supprimée par son auteur.`,
  }),
};

/** Issue 6: pay-as-you-go settled; both sides of the deal are told (D-15). */
export const paymentNotices = {
  /** To the supplier who paid. */
  paid: (other: string, sub: Sub): Bilingual => ({
    en: `Your payment for "${sub.en}" went through. You can now see ${other}'s phone and e-mail.`,
    fr: `Votre paiement pour « ${sub.fr} » a été accepté. Vous voyez maintenant le téléphone et le courriel de ${other}.`,
  }),
  /** To the other party. */
  unlocked: (payer: string, sub: Sub): Bilingual => ({
    en: `${payer} paid for the deal on "${sub.en}". You can now see each other's phone and e-mail.`,
    fr: `${payer} a payé la commande de « ${sub.fr} ». Vous voyez maintenant vos téléphones et courriels.`,
  }),
};

/** Issue 15 (D-28, D-29): the deal's messages and its end. */
export const dealNotices = {
  /** To the recipient of the first message they have not read on a deal (D-28). */
  message: (who: string, sub: Sub): Bilingual => ({
    en: `${who} sent you a message about "${sub.en}".`,
    fr: `${who} vous a envoyé un message à propos de « ${sub.fr} ».`,
  }),
  /** To the other party when one marks the deal completed (D-29). */
  completed: (who: string, sub: Sub): Bilingual => ({
    en: `${who} marked the deal on "${sub.en}" as completed. You may dispute it within 7 days.`,
    fr: `${who} a marqué la commande de « ${sub.fr} » comme terminée. Vous pouvez la contester dans les 7 jours.`,
  }),
  /** To the party who completed it, when the other disputes (D-29). */
  disputed: (who: string, sub: Sub): Bilingual => ({
    en: `${who} disputed the completion of the deal on "${sub.en}". It is open again.`,
    fr: `${who} a contesté la fin de la commande de « ${sub.fr} ». Elle est de nouveau en cours.`,
  }),
};
