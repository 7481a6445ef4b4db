/** A tag (D14) as a badge of its colour, readable whatever the colour the user chose. */
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readableTextColor } from '../lib/color-contrast';
import { tagLabel } from '../lib/tag-label';

interface TagBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  name: string;
  color: string;
}

export function TagBadge({ name, color, ...props }: TagBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={color} c={readableTextColor(color)} tt="none" {...props}>
      {tagLabel(t, name)}
    </Badge>
  );
}
