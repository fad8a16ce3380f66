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
