/** A small icon button with its tooltip, for the actions on a card or a row; a link when given `to`. */
import { ActionIcon, type MantineColor, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface IconActionProps {
  tooltip: string;
  /** The accessible name: what it does to what ("Delete the tag Focus"). */
  label: string;
  icon: ReactNode;
  color?: MantineColor;
  loading?: boolean;
  to?: string;
  onClick?: () => void;
}

export function IconAction({ tooltip, label, icon, color, loading, to, onClick }: IconActionProps) {
  return (
    <Tooltip label={tooltip}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} loading={loading} aria-label={label} onClick={onClick}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
