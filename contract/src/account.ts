/**
 * The signed-in user's own record (D15): general, information, social links, notification flags,
 * time zone and language; the password change; and what the operator may change of others (D7).
 */
import { z } from 'zod';
import { accountMessages } from './account-messages';
import { email, newPassword, username } from './auth';
import { timeZone } from './fields';
import { publicUser } from './people';
import { languagesList, role } from './users';

export { languagesList };
export const genders = ['', 'female', 'male', 'other'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;

const text = (max: number) =>
  z
    .string({ error: accountMessages['account.textTooLong'] })
    .trim()
    .max(max, accountMessages['account.textTooLong']);

const webAddress = z
  .string()
  .trim()
  .max(200, accountMessages['account.textTooLong'])
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value),
    accountMessages['account.urlInvalid'],
  );

/** YYYY-MM-DD of a real day in the past, or '' for none. */
export const birthDate = z
  .string()
  .trim()
  .refine((value) => {
    if (value === '') return true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && day.getTime() < Date.now();
  }, accountMessages['account.dobInvalid']);

export const accountGeneral = z.object({
  username,
  fullName: z
    .string()
    .trim()
    .min(1, accountMessages['account.fullNameLength'])
    .max(100, accountMessages['account.fullNameLength']),
  email,
  company: text(100),
});

export const accountInfo = z.object({
  bio: text(500),
  dob: birthDate,
  country: text(60),
  website: webAddress,
  phone: text(30),
  city: text(60),
  address: text(200),
  gender: z.enum(genders),
});

export const socialNetworks = ['twitter', 'facebook', 'instagram', 'linkedin', 'github'] as const;
export const accountSocial = z.object(
  Object.fromEntries(socialNetworks.map((n) => [n, webAddress])) as Record<
    (typeof socialNetworks)[number],
    typeof webAddress
  >,
);

/** The switches of D45, by the notification kinds whose e-mail each one decides. */
export const sharedWorkFlags = [
  'invitations',
  'scheduleChanges',
  'meetingAnswers',
  'todoAssigned',
  'todoCompleted',
  'boardShared',
  'cardComments',
  'cardDueDates',
  // Made a member of a card.
  'cardMembers',
  // D44: a visitor books, moves or cancels a booking with the user.
  'bookings',
] as const;

export const notificationFlags = [
  'commentOnArticle',
  'answerOnForm',
  'followMe',
  'newAnnouncements',
  'productUpdates',
  'blogDigest',
  'eventReminders',
  'taskReminders',
  // D45: e-mail about shared work, one switch per kind (the bell shows them all); on by default.
  ...sharedWorkFlags,
] as const;

export type SharedWorkFlag = (typeof sharedWorkFlags)[number];
export const accountNotifications = z.object(
  Object.fromEntries(notificationFlags.map((flag) => [flag, z.boolean()])) as Record<
    (typeof notificationFlags)[number],
    z.ZodBoolean
  >,
);

export const account = z
  .object({
    _id: z.string(),
    avatar: z.string().nullable(),
    role,
    general: accountGeneral,
    info: accountInfo,
    social: accountSocial,
    notifications: accountNotifications,
    timeZone: z.string(),
    language: z.enum(languagesList),
    createdAt: z.string(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof account>;

export const updateAccountInput = z
  .strictObject({
    general: accountGeneral.partial().strict().optional(),
    info: accountInfo.partial().strict().optional(),
    social: accountSocial.partial().strict().optional(),
    notifications: accountNotifications.partial().strict().optional(),
    timeZone: timeZone.optional(),
    language: z.enum(languagesList).optional(),
  })
  .meta({ id: 'UpdateAccountInput' });
export type UpdateAccountInput = z.infer<typeof updateAccountInput>;

export const changePasswordInput = z
  .strictObject({
    currentPassword: z
      .string({ error: accountMessages['account.currentPasswordRequired'] })
      .min(1, accountMessages['account.currentPasswordRequired'])
      .max(1024),
    newPassword,
  })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** A user as the directory's detail shows them; the operator also sees role and state. */
export const userDetail = publicUser
  .extend({
    bio: z.string(),
    company: z.string(),
    city: z.string(),
    createdAt: z.string(),
    role: role.optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof userDetail>;

export const usersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

/** PUT /api/users/{id}: names for oneself or by the operator; role and state by the operator only. */
export const updateUserInput = z
  .strictObject({
    username: username.optional(),
    fullName: accountGeneral.shape.fullName.optional(),
    role: role.optional(),
    active: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, accountMessages['account.emptyUpdate'])
  .meta({ id: 'UpdateUserInput' });
export type UpdateUserInput = z.infer<typeof updateUserInput>;
