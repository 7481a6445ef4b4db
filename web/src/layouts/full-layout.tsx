/** The layout of sign-in and miscellaneous pages: the page alone, centred. */
import { Center, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../components/language-menu';
import { SkinToggle } from '../components/skin-toggle';

export function FullLayout() {
  return (
    <Center mih="100vh" p="md" pos="relative" component="main">
      <Group pos="absolute" top={12} style={{ insetInlineEnd: 12 }} gap={4}>
        <LanguageMenu />
        <SkinToggle />
      </Group>
      <Outlet />
    </Center>
  );
}
