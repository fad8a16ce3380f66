// D-21: every notification is stored with its English and French text.
import { frenchOf, type Bilingual } from '@app/shared';

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

/** Pay-as-you-go settled; both sides of the deal are told (D-15). */
export const paymentNotices = {
  /** To the supplier who paid. */
  paid: (other: string, sub: Sub): Bilingual => ({
    en: `Your payment for "${sub.en}" went through. You can now see ${other}'s phone and e-mail.`,
    fr: `Votre paiement pour « ${sub.fr} » a été accepté. Vous voyez maintenant le téléphone et le courriel ${frenchOf(other)}.`,
  }),
  /** To the other party. */
  unlocked: (payer: string, sub: Sub): Bilingual => ({
    en: `${payer} paid for the deal on "${sub.en}". You can now see each other's phone and e-mail.`,
    fr: `${payer} a payé la commande de « ${sub.fr} ». Vous voyez maintenant vos téléphones et courriels.`,
  }),
  /** D-38: the payer's SMS receipt of a mobile-money payment, amounts formatted per language. */
  receipt: (amount: Bilingual, reference: string): Bilingual => ({
    en: `Payment received: ${amount.en}. Reference: ${reference}. Thank you.`,
    fr: `Paiement reçu : ${amount.fr}. Référence : ${reference}. Merci.`,
  }),
};

/** D-28, D-29: the deal's messages and its end. */
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

/** D-32..D-34: every move of a deal, told to the other side in both languages. */
export const requestNotices = {
  /** To the owner: SPEC's "a notification was sent to the provider", now a request to answer. */
  requested: (who: string, sub: Sub): Bilingual => ({
    en: `${who} sent a request for your post "${sub.en}". Open it to confirm or decline.`,
    fr: `${who} a envoyé une demande pour votre annonce « ${sub.fr} ». Ouvrez-la pour confirmer ou refuser.`,
  }),
  confirmed: (who: string, sub: Sub): Bilingual => ({
    en: `${who} confirmed your request for "${sub.en}".`,
    fr: `${who} a confirmé votre demande pour « ${sub.fr} ».`,
  }),
  declined: (who: string, sub: Sub, reason: string | null): Bilingual => ({
    en: `${who} declined your request for "${sub.en}".${reason ? ` Reason: ${reason}` : ''}`,
    fr: `${who} a refusé votre demande pour « ${sub.fr} ».${reason ? ` Motif\u00a0: ${reason}` : ''}`,
  }),
  chosenOther: (sub: Sub): Bilingual => ({
    en: `Your request for "${sub.en}" was declined: its owner chose someone else.`,
    fr: `Votre demande pour « ${sub.fr} » a été refusée\u00a0: son auteur a choisi quelqu'un d'autre.`,
  }),
  withdrawn: (who: string, sub: Sub): Bilingual => ({
    en: `${who} withdrew their request for your post "${sub.en}".`,
    fr: `${who} a retiré sa demande pour votre annonce « ${sub.fr} ».`,
  }),
  expired: (sub: Sub): Bilingual => ({
    en: `Your request for "${sub.en}" expired: it was not answered within 7 days.`,
    fr: `Votre demande pour « ${sub.fr} » a expiré\u00a0: elle est restée sans réponse pendant 7 jours.`,
  }),
  lapsed: (sub: Sub): Bilingual => ({
    en: `The deal on "${sub.en}" lapsed: its fee was not paid within 48 hours.`,
    fr: `La commande de « ${sub.fr} » a expiré\u00a0: ses frais n'ont pas été payés dans les 48 heures.`,
  }),
  cancelled: (who: string, sub: Sub): Bilingual => ({
    en: `${who} cancelled the deal on "${sub.en}".`,
    fr: `${who} a annulé la commande de « ${sub.fr} ».`,
  }),
  done: (who: string, sub: Sub): Bilingual => ({
    en: `${who} marked the deal on "${sub.en}" as done. Mark it done too, or report a problem; it completes by itself in 3 days.`,
    fr: `${who} a marqué la commande de « ${sub.fr} » comme faite. Marquez-la aussi, ou signalez un problème ; elle se termine d'elle-même dans 3 jours.`,
  }),
  completed: (sub: Sub): Bilingual => ({
    en: `The deal on "${sub.en}" is completed. You can now rate it.`,
    fr: `La commande de « ${sub.fr} » est terminée. Vous pouvez maintenant la noter.`,
  }),
  disputed: (who: string, sub: Sub): Bilingual => ({
    en: `${who} reported a problem with the deal on "${sub.en}". It is on hold until our team settles it.`,
    fr: `${who} a signalé un problème avec la commande de « ${sub.fr} ». Elle est suspendue jusqu'à la décision de notre équipe.`,
  }),
  settled: (sub: Sub, outcome: 'completed' | 'cancelled'): Bilingual =>
    outcome === 'completed'
      ? {
          en: `Our team settled the deal on "${sub.en}": it is completed.`,
          fr: `Notre équipe a tranché la commande de « ${sub.fr} »\u00a0: elle est terminée.`,
        }
      : {
          en: `Our team settled the deal on "${sub.en}": it is cancelled.`,
          fr: `Notre équipe a tranché la commande de « ${sub.fr} »\u00a0: elle est annulée.`,
        },
  reminder: (sub: Sub, day: string): Bilingual => ({
    en: `Reminder: your booking of "${sub.en}" starts tomorrow (${day}).`,
    fr: `Rappel\u00a0: votre réservation de « ${sub.fr} » commence demain (${day}).`,
  }),
  accountDeleted: (sub: Sub): Bilingual => ({
    en: `The other party of your deal on "${sub.en}" deleted their account. The deal is cancelled.`,
    fr: `L'autre partie de votre commande de « ${sub.fr} » a supprimé son compte. La commande est annulée.`,
  }),
};

/** D-36: a new post matched one of the user's alerts; the notification opens the post. */
export const alertNotices = {
  matched: (role: 'needSolution' | 'provideSolution', sub: Sub, city: string): Bilingual =>
    role === 'needSolution'
      ? {
          en: `New need matching your alert: "${sub.en}"${city ? ` in ${city}` : ''}.`,
          fr: `Nouveau besoin pour votre alerte : « ${sub.fr} »${city ? ` à ${city}` : ''}.`,
        }
      : {
          en: `New offer matching your alert: "${sub.en}"${city ? ` in ${city}` : ''}.`,
          fr: `Nouvelle offre pour votre alerte : « ${sub.fr} »${city ? ` à ${city}` : ''}.`,
        },
};
