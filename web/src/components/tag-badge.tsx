/** A tag (D14) as a badge of its colour, readable whatever the colour the user chose. */
import { Badge, type BadgeProps } from '@mantine/core';
import { readableTextColor } from '../lib/color-contrast';

interface TagBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  name: string;
  color: string;
}

export function TagBadge({ name, color, ...props }: TagBadgeProps) {
  return (
    <Badge color={color} c={readableTextColor(color)} tt="none" {...props}>
      {name}
    </Badge>
  );
}
