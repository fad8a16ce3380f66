// D-37: every USSD screen's words, in English and French. Plain spaces before French ":" and "?":
// a no-break space is not in the GSM 7-bit alphabet, and one such character would send the whole
// screen as UCS-2, which halves what a screen holds.
import type { DealState } from '@app/shared';

export type Lang = 'en' | 'fr';

/** What a phone shows of one USSD screen (Africa's Talking's limit, every network's). */
export const USSD_SCREEN_MAX = 182;

const en = {
  brand: 'Needs & Offers',
  main: ['Find near me', 'Publish a need', 'My deals', 'Alerts', 'Language'],
  more: 'More',
  regName: 'Welcome to Needs & Offers. To register, type your first name:',
  regCountry: (country: string | null) =>
    `Your country?${country ? `\n1. ${country}` : ''}\nOr type its 2-letter code (SN, CI, NE...)`,
  registered: (name: string) => `Welcome ${name}!`,
  findHeader: 'Find:',
  findTypes: ['Offers', 'Needs'],
  category: 'Category:',
  subCategory: 'Choose:',
  ownPrice: 'Your own price',
  typePrice: (currency: string) => `Your price in ${currency}:`,
  typeTown: "Type your town's name:",
  whichTown: 'Which town?',
  noTown: 'No town found by that name.',
  nearYou: 'you',
  near: (where: string) => `Near ${where}:`,
  nothingNear: (where: string) => `Nothing found near ${where} in this category.`,
  km: (km: number) => `${km} km`,
  notePrompt: 'Type a short note, or 0 for none:',
  dayPrompt: 'Which day? Type DDMM (e.g. 2412):',
  needDayPrompt: 'When? Type DDMM (e.g. 2412):',
  bookOnWeb: 'This post is booked by hour or month: request it on the web.',
  confirmRequest: (title: string, day: string | null) =>
    `Request ${title}${day ? ` on ${day}` : ''}?\n1. Send\n2. Cancel`,
  requestSent: 'Request sent. The owner confirms or declines; you will get an SMS.',
  confirmPublish: (what: string, town: string, day: string) =>
    `Publish need: ${what}\n${town}, ${day}\n1. Publish\n2. Cancel`,
  published: 'Published. Your need shows on the map.',
  cancelled: 'Cancelled. Nothing was changed.',
  dealsHeader: 'My deals:',
  dealsItems: (incoming: number, mine: number) => [`Requests to answer (${incoming})`, `My requests (${mine})`],
  noIncoming: 'No request is waiting for your answer.',
  noMine: 'You have sent no request.',
  requests: 'Requests:',
  myRequests: 'My requests:',
  incoming: (name: string, title: string, day: string | null, note: string | null) =>
    `${name} asks for ${title}${day ? ` on ${day}` : ''}${note ? `\nNote: ${note}` : ''}\n1. Confirm\n2. Decline`,
  confirmed: (name: string) => `Confirmed. ${name} is told by SMS.`,
  declined: (name: string) => `Declined. ${name} is told by SMS.`,
  feeDue: (amount: string, operators: string, web: string) =>
    ` Fee ${amount} due within 48 h: pay by mobile money${operators ? ` (${operators})` : ''} on ${web}`,
  contactsBySms: ' Contacts sent by SMS.',
  contactSms: (name: string, title: string, phone: string) => `${title}: ${name}, ${phone}`,
  status: {
    requested: 'waiting',
    accepted: 'confirmed',
    completed: 'done',
    cancelled: 'cancelled',
    declined: 'declined',
    withdrawn: 'withdrawn',
    expired: 'expired',
  } satisfies Record<DealState, string>,
  dealLine: (title: string, status: string) => `${title}: ${status}.`,
  alertState: (what: string, on: boolean) => `SMS alerts for ${what}: ${on ? 'ON' : 'OFF'}\n1. On\n2. Off`,
  noSearch: 'No search yet: use "Find near me" first.',
  alertsOn: 'SMS alerts on. Reply STOP to any alert to end them.',
  alertsOff: 'SMS alerts off.',
  languageHeader: 'Language:',
  languageSet: 'Language: English.',
  invalid: (code: string) => `Invalid choice. Dial ${code} to start again.`,
  pastDate: 'That date is past or does not exist.',
  limit: 'Limit reached: try again later.',
  notAvailable: 'This is no longer available.',
  noContacts: 'No phone number, e-mail or link in the note.',
  failed: 'Not possible now. Try again later.',
  help: (code: string, web: string) =>
    `Needs & Offers: dial ${code} on any phone, or open ${web}. Reply STOP to end SMS alerts.`,
  stopped: (code: string) => `SMS alerts are off. Dial ${code} to turn them on again.`,
  unknownSender: (code: string) => `Dial ${code} to register with Needs & Offers.`,
};

export type Texts = typeof en;

const fr: Texts = {
  brand: 'Besoins & Offres',
  main: ['Trouver près de moi', 'Publier un besoin', 'Mes affaires', 'Alertes', 'Langue'],
  more: 'Suite',
  regName: 'Bienvenue sur Besoins & Offres. Pour vous inscrire, tapez votre prénom :',
  regCountry: (country) =>
    `Votre pays ?${country ? `\n1. ${country}` : ''}\nOu tapez son code à 2 lettres (SN, CI, NE...)`,
  registered: (name) => `Bienvenue ${name} !`,
  findHeader: 'Chercher :',
  findTypes: ['Offres', 'Besoins'],
  category: 'Catégorie :',
  subCategory: 'Choisissez :',
  ownPrice: 'Votre propre prix',
  typePrice: (currency) => `Votre prix en ${currency} :`,
  typeTown: 'Tapez le nom de votre ville :',
  whichTown: 'Quelle ville ?',
  noTown: 'Aucune ville trouvée sous ce nom.',
  nearYou: 'vous',
  near: (where) => `Près de ${where} :`,
  nothingNear: (where) => `Rien trouvé près de ${where} dans cette catégorie.`,
  km: (km) => `${String(km).replace('.', ',')} km`,
  notePrompt: 'Tapez un court message, ou 0 pour aucun :',
  dayPrompt: 'Quel jour ? Tapez JJMM (ex. 2412) :',
  needDayPrompt: 'Pour quand ? Tapez JJMM (ex. 2412) :',
  bookOnWeb: "Cette annonce se réserve à l'heure ou au mois : demandez-la sur le web.",
  confirmRequest: (title, day) => `Demander ${title}${day ? ` le ${day}` : ''} ?\n1. Envoyer\n2. Annuler`,
  requestSent: 'Demande envoyée. Le propriétaire confirme ou refuse ; vous recevrez un SMS.',
  confirmPublish: (what, town, day) => `Publier le besoin : ${what}\n${town}, ${day}\n1. Publier\n2. Annuler`,
  published: 'Publié. Votre besoin apparaît sur la carte.',
  cancelled: "Annulé. Rien n'a changé.",
  dealsHeader: 'Mes affaires :',
  dealsItems: (incoming, mine) => [`Demandes à traiter (${incoming})`, `Mes demandes (${mine})`],
  noIncoming: "Aucune demande n'attend votre réponse.",
  noMine: "Vous n'avez envoyé aucune demande.",
  requests: 'Demandes :',
  myRequests: 'Mes demandes :',
  incoming: (name, title, day, note) =>
    `${name} demande ${title}${day ? ` le ${day}` : ''}${note ? `\nMessage : ${note}` : ''}\n1. Confirmer\n2. Refuser`,
  confirmed: (name) => `Confirmé. ${name} est prévenu(e) par SMS.`,
  declined: (name) => `Refusé. ${name} est prévenu(e) par SMS.`,
  feeDue: (amount, operators, web) =>
    ` Frais de ${amount} à payer sous 48 h par mobile money${operators ? ` (${operators})` : ''} sur ${web}`,
  contactsBySms: ' Contacts envoyés par SMS.',
  contactSms: (name, title, phone) => `${title} : ${name}, ${phone}`,
  status: {
    requested: 'en attente',
    accepted: 'confirmée',
    completed: 'terminée',
    cancelled: 'annulée',
    declined: 'refusée',
    withdrawn: 'retirée',
    expired: 'expirée',
  },
  dealLine: (title, status) => `${title} : ${status}.`,
  alertState: (what, on) => `Alertes SMS pour ${what} : ${on ? 'OUI' : 'NON'}\n1. Activer\n2. Désactiver`,
  noSearch: "Pas encore de recherche : utilisez d'abord « Trouver près de moi ».",
  alertsOn: 'Alertes SMS activées. Répondez STOP à une alerte pour les arrêter.',
  alertsOff: 'Alertes SMS désactivées.',
  languageHeader: 'Langue :',
  languageSet: 'Langue : français.',
  invalid: (code) => `Choix invalide. Composez ${code} pour recommencer.`,
  pastDate: "Cette date est passée ou n'existe pas.",
  limit: 'Limite atteinte : réessayez plus tard.',
  notAvailable: "Ce n'est plus disponible.",
  noContacts: 'Pas de numéro, e-mail ni lien dans le message.',
  failed: 'Impossible pour le moment. Réessayez plus tard.',
  help: (code, web) =>
    `Besoins & Offres : composez ${code} sur tout téléphone, ou ouvrez ${web}. Répondez STOP pour arrêter les alertes SMS.`,
  stopped: (code) => `Les alertes SMS sont arrêtées. Composez ${code} pour les réactiver.`,
  unknownSender: (code) => `Composez ${code} pour vous inscrire sur Besoins & Offres.`,
};

export const TEXTS: Record<Lang, Texts> = { en, fr };

/** Countries whose unknown numbers are answered in French first. */
const FRANCOPHONE = new Set([
  'SN', 'CI', 'ML', 'BF', 'NE', 'TG', 'BJ', 'GN', 'CM', 'CF', 'TD', 'CG', 'GA', 'GQ', 'CD', 'MG', 'BI', 'RW',
  'DJ', 'KM', 'MR', 'HT', 'FR', 'BE', 'LU', 'MC', 'CH',
]); // prettier-ignore
export const languageOfCountry = (country: string | null | undefined): Lang =>
  country && FRANCOPHONE.has(country.toUpperCase()) ? 'fr' : 'en';
