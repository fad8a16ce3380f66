// The e-mail that carries the code, in the user's language (D-24).
export function emailCodeMessage(language: 'en' | 'fr', firstName: string, code: string) {
  if (language === 'fr') {
    return {
      subject: 'Confirmez votre adresse courriel',
      text:
        `Bonjour ${firstName},\n\n` +
        `${code} est votre code pour confirmer cette adresse courriel sur Besoins & Offres. ` +
        `Il expire dans 10 minutes.\n\n` +
        `Si vous ne l'avez pas demandé, ignorez ce message.`,
    };
  }
  return {
    subject: 'Confirm your e-mail address',
    text:
      `Hello ${firstName},\n\n` +
      `${code} is your code to confirm this e-mail address on Needs & Offers. ` +
      `It expires in 10 minutes.\n\n` +
      `If you did not ask for it, ignore this message.`,
  };
}
