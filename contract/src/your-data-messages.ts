/** The "your data" API's messages; free of imports so that messages.ts can gather them without a cycle. */
export const yourDataMessages = {
  'account.passwordRequired': 'Please enter your password.',
  'account.passwordWrong': 'The password is wrong.',
  'account.operatorCannotDelete':
    'The operator of this instance cannot delete their account: another account would silently take over the instance.',
} as const;
