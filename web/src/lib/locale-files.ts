/**
 * The files of the languages and feature areas that load on demand (see i18n.ts): the core files
 * of fr, de and pt, and every language's feature-area files (`<area>.json`, `api/<area>.json`).
 * A chunk of its own, loaded by i18n.ts when it first needs one of them.
 */
type Bundle = Record<string, unknown>;

export const others = {
  fr: import.meta.glob<Bundle>(
    [
      '../locales/fr/*.json',
      '!../locales/fr/{tags,friends,groups,users,account,profile,projects,goals,todos,calendar,notifications,meetings,workingHours,help,dashboard,pricing,chat,customizer,timeZoneBanner,menu,footer,roles,accessControl,booking,bookingPublic,repetition}.json',
    ],
    { import: 'default' },
  ),
  de: import.meta.glob<Bundle>(
    [
      '../locales/de/*.json',
      '!../locales/de/{tags,friends,groups,users,account,profile,projects,goals,todos,calendar,notifications,meetings,workingHours,help,dashboard,pricing,chat,customizer,timeZoneBanner,menu,footer,roles,accessControl,booking,bookingPublic,repetition}.json',
    ],
    { import: 'default' },
  ),
  pt: import.meta.glob<Bundle>(
    [
      '../locales/pt/*.json',
      '!../locales/pt/{tags,friends,groups,users,account,profile,projects,goals,todos,calendar,notifications,meetings,workingHours,help,dashboard,pricing,chat,customizer,timeZoneBanner,menu,footer,roles,accessControl,booking,bookingPublic,repetition}.json',
    ],
    { import: 'default' },
  ),
};
export const featureFiles = import.meta.glob<Bundle>(
  [
    '../locales/*/{tags,friends,groups,users,account,profile,projects,goals,todos,calendar,notifications,meetings,workingHours,help,dashboard,pricing,chat,customizer,timeZoneBanner,menu,footer,roles,accessControl,booking,bookingPublic,repetition}.json',
    '../locales/*/api/*.json',
  ],
  { import: 'default' },
);
