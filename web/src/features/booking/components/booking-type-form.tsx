/**
 * "New booking type" and "Edit booking type", in a drawer: every field of BookingTypeInput, checked
 * with the contract's schema the server uses; the server's field messages show on their fields.
 * The link's name follows the title until it is edited; the notice reads in minutes or hours; the
 * hosts are me alone or one of my groups, booked together or in turn.
 */
import { type BookingType, bookingTypeInput, type BookingTypeInput } from '@cadence/contract';
import { Button, Drawer, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DescriptionField, TitleField } from '../../../components/form-kit';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { useLayoutSettings } from '../../../lib/layout-settings';
import { toastSuccess } from '../../../lib/toast';
import { getGroupsQueryOptions } from '../../../shared/queries/friends';
import { useCreateBookingType, useUpdateBookingType } from '../api/booking-api';
import { modeHints, modeLabels } from './booking-labels';
import {
  bookingTypeValues,
  hostsChoice,
  hostsOf,
  ME,
  noticeFactor,
  type NoticeUnit,
  noticeUnitOf,
  numberOf,
  SLUG_MAX,
  suggestSlug,
} from './booking-type-values';

interface BookingTypeDrawerProps {
  opened: boolean;
  /** The type to change; none to add one. */
  type: BookingType | null;
  /** The link's start, `https://host/book/{username}/`, shown before the slug. */
  linkPrefix: string;
  onClose: () => void;
  /** Offered at the start of the buttons' row when editing. */
  onDelete: (type: BookingType) => void;
}

export function BookingTypeDrawer({ opened, type, linkPrefix, onClose, onDelete }: BookingTypeDrawerProps) {
  const { t } = useTranslation();
  const { rtl } = useLayoutSettings();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={type ? t('booking.form.editTitle') : t('booking.form.addTitle')}
      position={rtl ? 'left' : 'right'}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* A new form for each opening, so it starts from the type as it is now. */}
      {opened && (
        <BookingTypeForm
          key={type?._id ?? 'new'}
          type={type}
          linkPrefix={linkPrefix}
          onDone={onClose}
          onDelete={onDelete}
        />
      )}
    </Drawer>
  );
}

function BookingTypeForm({
  type,
  linkPrefix,
  onDone,
  onDelete,
}: {
  type: BookingType | null;
  linkPrefix: string;
  onDone: () => void;
  onDelete: (type: BookingType) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateBookingType();
  const update = useUpdateBookingType();
  const groups = useQuery(getGroupsQueryOptions());
  const binding = useContractForm<BookingTypeInput>(bookingTypeInput, bookingTypeValues(type), {
    onSubmit: async (values) => {
      if (type) {
        await update.mutateAsync({ id: type._id, input: values });
        toastSuccess(t, t('booking.toast.updated'));
      } else {
        await create.mutateAsync(values);
        toastSuccess(t, t('booking.toast.added'));
      }
      onDone();
    },
  });
  const { form } = binding;
  const values = form.getValues();
  // A new type's link follows its title until the link is typed in.
  const [slugTouched, setSlugTouched] = useState(type !== null);
  const [noticeUnit, setNoticeUnit] = useState<NoticeUnit>(noticeUnitOf(values.minNotice));
  const { who, groupMode } = hostsChoice(values.hosts);

  const titleProps = form.getInputProps('title');
  const number = (name: 'duration' | 'bufferBefore' | 'bufferAfter' | 'rangeDays') => ({
    ...form.getInputProps(name),
    value: Number.isNaN(values[name]) ? '' : values[name],
    onChange: (value: string | number) => form.setFieldValue(name, numberOf(value)),
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
  });
  const noticeShown = values.minNotice / noticeFactor[noticeUnit];

  const groupOptions = (groups.data?.data ?? []).map((group) => ({ value: group._id, label: group.name }));
  // A group the type has that is no longer listed (left meanwhile) still shows by its id.
  if (who !== ME && !groupOptions.some((option) => option.value === who)) {
    groupOptions.push({ value: who, label: t('booking.form.unknownGroup') });
  }

  return (
    <FormShell
      binding={binding}
      submitLabel={type ? t('booking.form.save') : t('booking.form.add')}
      onCancel={onDone}
      secondaryAction={
        type && (
          <Button variant="subtle" color="red" onClick={() => onDelete(type)}>
            {t('booking.form.delete')}
          </Button>
        )
      }
    >
      <TitleField
        label={t('booking.form.title')}
        maxLength={100}
        {...titleProps}
        onChange={(event) => {
          const title = event.currentTarget.value;
          form.setFieldValue('title', title);
          if (!slugTouched) form.setFieldValue('slug', suggestSlug(title));
        }}
      />
      <TextInput
        label={t('booking.form.slug')}
        description={t('booking.form.slugHint', { link: `${linkPrefix}${values.slug || '…'}` })}
        required
        maxLength={SLUG_MAX}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...form.getInputProps('slug')}
        onChange={(event) => {
          setSlugTouched(true);
          form.setFieldValue('slug', event.currentTarget.value);
        }}
      />
      <DescriptionField
        label={t('booking.form.description')}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t('booking.form.location')}
        description={t('booking.form.locationHint')}
        maxLength={500}
        {...form.getInputProps('location')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('booking.form.duration')}
          required
          min={5}
          max={720}
          step={5}
          {...number('duration')}
        />
        <NumberInput label={t('booking.form.rangeDays')} min={1} max={365} {...number('rangeDays')} />
        <NumberInput
          label={t('booking.form.bufferBefore')}
          min={0}
          max={240}
          step={5}
          {...number('bufferBefore')}
        />
        <NumberInput
          label={t('booking.form.bufferAfter')}
          min={0}
          max={240}
          step={5}
          {...number('bufferAfter')}
        />
        <NumberInput
          label={t('booking.form.minNotice')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={form.errors.minNotice}
          value={Number.isNaN(noticeShown) ? '' : noticeShown}
          onChange={(value) => {
            const shown = numberOf(value);
            form.setFieldValue('minNotice', shown * noticeFactor[noticeUnit]);
          }}
        />
        <Select
          label={t('booking.form.minNoticeUnit')}
          data={[
            { value: 'minutes', label: t('booking.form.minutes') },
            { value: 'hours', label: t('booking.form.hours') },
          ]}
          allowDeselect={false}
          value={noticeUnit}
          onChange={(unit) => {
            if (!unit) return;
            const next = unit;
            // The number shown stays; what it means changes with the unit.
            if (!Number.isNaN(noticeShown)) form.setFieldValue('minNotice', noticeShown * noticeFactor[next]);
            setNoticeUnit(next);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t('booking.form.maxPerDay')}
          description={t('booking.form.maxPerDayHint')}
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={form.errors.maxPerDay}
          value={values.maxPerDay === null || Number.isNaN(values.maxPerDay) ? '' : values.maxPerDay}
          onChange={(value) => form.setFieldValue('maxPerDay', numberOf(value, null))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('booking.form.hosts')}
          data={[{ value: ME, label: t('booking.form.meAlone') }, ...groupOptions]}
          allowDeselect={false}
          value={who}
          onChange={(next) => next && form.setFieldValue('hosts', hostsOf(next, groupMode))}
          error={form.errors['hosts.group'] ?? form.errors.hosts ?? form.errors['hosts.mode']}
          nothingFoundMessage={t('booking.form.noGroups')}
          comboboxProps={{ withinPortal: true }}
        />
        {who !== ME && (
          <Select
            label={t('booking.form.mode')}
            description={t(modeHints[groupMode])}
            data={(['collective', 'round-robin'] as const).map((mode) => ({
              value: mode,
              label: t(modeLabels[mode]),
            }))}
            allowDeselect={false}
            value={groupMode}
            onChange={(mode) => mode && form.setFieldValue('hosts', hostsOf(who, mode))}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
    </FormShell>
  );
}
