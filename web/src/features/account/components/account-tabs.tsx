/** The five tabs of account settings (D15); each saves its own section. */
import {
  type Account,
  accountGeneral,
  accountInfo,
  type accountNotifications,
  accountSocial,
  changePasswordInput,
  genders,
  languagesList,
  notificationFlags,
  socialNetworks,
  timeZone as timeZoneSchema,
} from '@cadence/contract';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications as toasts } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { changeLanguage } from '../../../lib/i18n';
import { useChangePassword, useRemoveAvatar, useUpdateAccount, useUploadAvatar } from '../api/account-api';
import { SectionForm } from './section-form';

const languageNames = { en: 'English', fr: 'Français', de: 'Deutsch', pt: 'Português' } as const;
const timeZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

const genderLabels = {
  '': 'account.info.genderNone',
  female: 'account.info.genderFemale',
  male: 'account.info.genderMale',
  other: 'account.info.genderOther',
} as const;

const notificationLabels = {
  commentOnArticle: 'account.notifications.commentOnArticle',
  answerOnForm: 'account.notifications.answerOnForm',
  followMe: 'account.notifications.followMe',
  newAnnouncements: 'account.notifications.newAnnouncements',
  productUpdates: 'account.notifications.productUpdates',
  blogDigest: 'account.notifications.blogDigest',
} as const;

const socialLabels = {
  twitter: 'account.social.twitter',
  facebook: 'account.social.facebook',
  instagram: 'account.social.instagram',
  linkedin: 'account.social.linkedin',
  github: 'account.social.github',
} as const;

function useSaved() {
  const { t } = useTranslation();
  return () => toasts.show({ color: 'green', message: t('account.saved') });
}

const generalSchema = z.object({
  general: accountGeneral,
  timeZone: timeZoneSchema,
  language: z.enum(languagesList),
});
type GeneralValues = z.infer<typeof generalSchema>;

export function GeneralTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const update = useUpdateAccount();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const form = useForm<GeneralValues>({
    initialValues: { general: account.general, timeZone: account.timeZone, language: account.language },
    validate: schemaValidator(generalSchema, t),
  });
  const submit = submitHandler(form, t, async (values) => {
    await update.mutateAsync(values);
    if (values.language !== account.language) await changeLanguage(values.language);
    saved();
  });
  const pictureFailure = upload.error ?? remove.error;

  return (
    <SectionForm
      onSubmit={submit}
      saving={update.isPending}
      error={update.error}
      hasFieldErrors={Object.keys(form.errors).length > 0}
    >
      <Group gap="lg">
        <Avatar src={account.avatar} size={88} radius="md" alt={t('account.general.picture')} />
        <div>
          <Group gap="xs">
            <FileButton
              accept="image/png,image/jpeg,image/webp"
              onChange={(file) => file && upload.mutate(file, { onSuccess: saved })}
            >
              {(props) => (
                <Button {...props} loading={upload.isPending} size="xs">
                  {t('account.general.upload')}
                </Button>
              )}
            </FileButton>
            {account.avatar && (
              <Button
                variant="default"
                size="xs"
                loading={remove.isPending}
                onClick={() => remove.mutate(undefined, { onSuccess: saved })}
              >
                {t('account.general.removePicture')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {t('account.general.pictureHint')}
          </Text>
          {pictureFailure && (
            <Text size="sm" c="red" role="alert" mt={4}>
              {errorMessage(t, pictureFailure)}
            </Text>
          )}
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('account.general.username')}
          required
          {...form.getInputProps('general.username')}
        />
        <TextInput
          label={t('account.general.fullName')}
          required
          {...form.getInputProps('general.fullName')}
        />
        <TextInput
          label={t('account.general.email')}
          type="email"
          required
          {...form.getInputProps('general.email')}
        />
        <TextInput label={t('account.general.company')} {...form.getInputProps('general.company')} />
        <Select
          label={t('account.general.timeZone')}
          data={timeZones}
          searchable
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <Select
          label={t('account.general.language')}
          data={languagesList.map((value) => ({ value, label: languageNames[value] }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
    </SectionForm>
  );
}

type InfoValues = z.infer<typeof accountInfo>;

export function InfoTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const update = useUpdateAccount();
  const form = useForm<InfoValues>({
    initialValues: account.info,
    validate: schemaValidator(accountInfo, t),
  });
  const submit = submitHandler(form, t, async (info) => {
    await update.mutateAsync({ info });
    saved();
  });
  // The server names fields info.x; this form's fields are x.
  const errors = Object.fromEntries(
    Object.entries(form.errors).map(([k, v]) => [k.replace(/^info\./, ''), v]),
  );
  const field = (name: keyof InfoValues) => ({ ...form.getInputProps(name), error: errors[name] });

  return (
    <SectionForm
      onSubmit={submit}
      saving={update.isPending}
      error={update.error}
      hasFieldErrors={Object.keys(form.errors).length > 0}
    >
      <Textarea label={t('account.info.bio')} autosize minRows={3} {...field('bio')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('account.info.dob')} type="date" {...field('dob')} />
        <Select
          label={t('account.info.gender')}
          data={genders.map((value) => ({ value, label: t(genderLabels[value]) }))}
          allowDeselect={false}
          {...field('gender')}
        />
        <TextInput label={t('account.info.country')} {...field('country')} />
        <TextInput label={t('account.info.city')} {...field('city')} />
        <TextInput label={t('account.info.phone')} type="tel" {...field('phone')} />
        <TextInput
          label={t('account.info.website')}
          type="url"
          placeholder="https://"
          {...field('website')}
        />
      </SimpleGrid>
      <TextInput label={t('account.info.address')} {...field('address')} />
    </SectionForm>
  );
}

type SocialValues = z.infer<typeof accountSocial>;

export function SocialTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const update = useUpdateAccount();
  const form = useForm<SocialValues>({
    initialValues: account.social,
    validate: schemaValidator(accountSocial, t),
  });
  const submit = submitHandler(form, t, async (social) => {
    await update.mutateAsync({ social });
    saved();
  });
  return (
    <SectionForm
      onSubmit={submit}
      saving={update.isPending}
      error={update.error}
      hasFieldErrors={Object.keys(form.errors).length > 0}
    >
      {socialNetworks.map((network) => (
        <TextInput
          key={network}
          label={t(socialLabels[network])}
          type="url"
          placeholder="https://"
          {...form.getInputProps(network)}
          error={form.errors[network] ?? form.errors[`social.${network}`]}
        />
      ))}
    </SectionForm>
  );
}

type NotificationValues = z.infer<typeof accountNotifications>;

export function NotificationsTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const update = useUpdateAccount();
  const form = useForm<NotificationValues>({ initialValues: account.notifications });
  const submit = submitHandler(form, t, async (notifications) => {
    await update.mutateAsync({ notifications });
    saved();
  });
  return (
    <SectionForm onSubmit={submit} saving={update.isPending} error={update.error} hasFieldErrors={false}>
      <Text size="sm" c="dimmed">
        {t('account.notifications.intro')}
      </Text>
      {notificationFlags.map((flag) => (
        <Switch
          key={flag}
          label={t(notificationLabels[flag])}
          {...form.getInputProps(flag, { type: 'checkbox' })}
        />
      ))}
    </SectionForm>
  );
}

const passwordSchema = changePasswordInput
  .safeExtend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    path: ['confirm'],
    message: 'account.password.mismatch',
  });
type PasswordValues = z.infer<typeof passwordSchema>;

export function PasswordTab() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const validate = schemaValidator<PasswordValues>(passwordSchema, t);
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: (values) => {
      const errors = validate(values);
      if (errors.confirm === 'account.password.mismatch') errors.confirm = t('account.password.mismatch');
      return errors;
    },
  });
  const submit = submitHandler(form, t, async ({ currentPassword, newPassword }) => {
    await change.mutateAsync({ currentPassword, newPassword });
    form.reset();
    toasts.show({ color: 'green', message: t('account.password.changed') });
  });
  return (
    <SectionForm
      onSubmit={submit}
      saving={change.isPending}
      error={change.error}
      hasFieldErrors={Object.keys(form.errors).length > 0}
      submitLabel={t('account.password.submit')}
    >
      <PasswordInput
        label={t('account.password.current')}
        autoComplete="current-password"
        required
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput
        label={t('account.password.new')}
        description={t('auth.passwordHint')}
        autoComplete="new-password"
        required
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label={t('account.password.confirm')}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirm')}
      />
    </SectionForm>
  );
}
