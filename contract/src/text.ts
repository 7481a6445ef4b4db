/** Text as every search here compares it (the help centre, chat, the board's filter). */

/** Lower case without accents: "Réunion" and "reunion" fold alike (NFD, combining marks removed). */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
