/** The five tabs of account settings (D15); each saves its own section. */
import {
  type Account,
  changePasswordInput,
  genders,
  languagesList,
  notificationFlags,
  sharedWorkFlags,
  socialNetworks,
  type UpdateAccountInput,
  updateAccountInput,
} from '@cadence/contract';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormShell } from '../../../components/form-shell';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { errorMessage } from '../../../lib/api-messages';
import { useContractForm } from '../../../lib/contract-form';
import { changeLanguage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toast';
import { useChangePassword, useRemoveAvatar, useUpdateAccount, useUploadAvatar } from '../api/account-api';

const languageNames = { en: 'English', fr: 'Français', de: 'Deutsch', pt: 'Português' } as const;

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
  eventReminders: 'account.notifications.eventReminders',
  taskReminders: 'account.notifications.taskReminders',
  invitations: 'account.notifications.invitations',
  scheduleChanges: 'account.notifications.scheduleChanges',
  meetingAnswers: 'account.notifications.meetingAnswers',
  todoAssigned: 'account.notifications.todoAssigned',
  todoCompleted: 'account.notifications.todoCompleted',
  boardShared: 'account.notifications.boardShared',
  cardComments: 'account.notifications.cardComments',
  cardDueDates: 'account.notifications.cardDueDates',
  cardMembers: 'account.notifications.cardMembers',
  bookings: 'account.notifications.bookings',
} as const;

const sharedWork = new Set<string>(sharedWorkFlags);

const socialLabels = {
  twitter: 'account.social.twitter',
  facebook: 'account.social.facebook',
  instagram: 'account.social.instagram',
  linkedin: 'account.social.linkedin',
  github: 'account.social.github',
} as const;

function useSaved() {
  const { t } = useTranslation();
  return () => toastSuccess(t, t('account.saved'));
}

/**
 * A section's form holds the very body its save sends (`{info: {…}}`), checked with the contract's
 * schema, so the server's field names (`info.website`) are the form's.
 */
function useSectionForm<Values extends UpdateAccountInput>(
  initialValues: Values,
  afterSave?: (values: Values) => Promise<unknown>,
) {
  const saved = useSaved();
  const update = useUpdateAccount();
  return useContractForm(updateAccountInput, initialValues, {
    onSubmit: async (values) => {
      await update.mutateAsync(values);
      await afterSave?.(values);
      saved();
    },
  });
}

export function GeneralTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const binding = useSectionForm(
    { general: account.general, timeZone: account.timeZone, language: account.language },
    async ({ language }) => {
      if (language !== account.language) await changeLanguage(language);
    },
  );
  const { form } = binding;
  const pictureFailure = upload.error ?? remove.error;

  return (
    <FormShell binding={binding} submitLabel={t('common.save')} maw={640}>
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
        <TimeZoneSelect label={t('account.general.timeZone')} {...form.getInputProps('timeZone')} />
        <Select
          label={t('account.general.language')}
          data={languagesList.map((value) => ({ value, label: languageNames[value] }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
    </FormShell>
  );
}

export function InfoTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const binding = useSectionForm({ info: account.info });
  const field = (name: keyof Account['info']) => binding.form.getInputProps(`info.${name}`);

  return (
    <FormShell binding={binding} submitLabel={t('common.save')} maw={640}>
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
    </FormShell>
  );
}

export function SocialTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const binding = useSectionForm({ social: account.social });
  return (
    <FormShell binding={binding} submitLabel={t('common.save')} maw={640}>
      {socialNetworks.map((network) => (
        <TextInput
          key={network}
          label={t(socialLabels[network])}
          type="url"
          placeholder="https://"
          {...binding.form.getInputProps(`social.${network}`)}
        />
      ))}
    </FormShell>
  );
}

export function NotificationsTab({ account }: { account: Account }) {
  const { t } = useTranslation();
  const binding = useSectionForm({ notifications: account.notifications });
  return (
    <FormShell binding={binding} submitLabel={t('common.save')} maw={640}>
      <Text size="sm" c="dimmed">
        {t('account.notifications.intro')}
      </Text>
      {notificationFlags
        .filter((flag) => !sharedWork.has(flag))
        .map((flag) => (
          <Switch
            key={flag}
            label={t(notificationLabels[flag])}
            {...binding.form.getInputProps(`notifications.${flag}`, { type: 'checkbox' })}
          />
        ))}
      {/* D45: one e-mail switch per kind of notice about shared work; the bell shows them all. */}
      <Title order={3} size="h5" mt="md" id="shared-work-mail">
        {t('account.notifications.sharedWork')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.notifications.sharedWorkIntro')}
      </Text>
      <Stack gap="sm" role="group" aria-labelledby="shared-work-mail">
        {sharedWorkFlags.map((flag) => (
          <Switch
            key={flag}
            label={t(notificationLabels[flag])}
            {...binding.form.getInputProps(`notifications.${flag}`, { type: 'checkbox' })}
          />
        ))}
      </Stack>
    </FormShell>
  );
}

const passwordSchema = changePasswordInput
  .safeExtend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    path: ['confirm'],
    message: 'account.password.mismatch',
  });
export function PasswordTab() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const binding = useContractForm(
    passwordSchema,
    { currentPassword: '', newPassword: '', confirm: '' },
    {
      onSubmit: async ({ currentPassword, newPassword }) => {
        await change.mutateAsync({ currentPassword, newPassword });
        toastSuccess(t, t('account.password.changed'));
      },
      resetOnSuccess: true,
    },
  );
  const { form } = binding;
  return (
    <FormShell binding={binding} submitLabel={t('account.password.submit')} maw={640}>
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
    </FormShell>
  );
}
