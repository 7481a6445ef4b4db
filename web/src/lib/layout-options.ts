/** The customizer's choices (D27), free of browser APIs so tests can read them. */
export const layoutOptions = {
  skin: ['light', 'dark'],
  contentWidth: ['full', 'boxed'],
  layout: ['vertical', 'horizontal'],
  navbarColor: ['default', 'primary', 'success', 'info', 'warning', 'danger', 'dark'],
  navbarType: ['floating', 'sticky', 'static', 'hidden'],
  footerType: ['sticky', 'static', 'hidden'],
} as const;
