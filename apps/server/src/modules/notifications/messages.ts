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
