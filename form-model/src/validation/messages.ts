/**
 * Every validation message, word for word from SPEC §5 and §8. Where SPEC says a text is
 * "not shown", ours is marked "(ours)" and listed in form-model's README.
 */
export const messages = {
  // SPEC §5 account forms
  emailInvalid: 'Your email address must be valid.',
  loginEmailInvalid: 'Please provide a valid email address.',
  resendEmailInvalid: 'You must provide a valid email address to resend a confirmation code.',
  passwordRequired: 'Password is required.',
  passwordsMustMatch: 'passwords must match',
  codeInvalid: 'The confirmation code must be exactly 6 numbers.',
  // (ours) the reset link's id is missing or malformed
  resetIdInvalid: 'This password reset link is not valid. Please request a new one.',
  // (ours) the password rules of SPEC §5
  passwordMinLength: 'At least 12 characters',
  passwordUppercase: 'An uppercase letter',
  passwordLowercase: 'A lowercase letter',
  passwordDigit: 'A number',
  passwordSpecial: 'A special character',
  passwordWhitespace: 'No space at the beginning or end',

  // SPEC §5 form fields
  tooYoung: 'You must be 13 years or older to apply',
  // (ours) SPEC: "an earlier date says the date is not supported"
  birthDateUnsupported:
    'This date is not supported. Please enter a date within the last 100 years.',
  optIn: 'A cell phone/text number is required to receive text message updates.',
  minYear: (year: number) => `The minimum supported year is ${year}`,
  maxYear: (year: number) => `The maximum supported year is ${year}`,

  // (ours) texts SPEC leaves to the caller or does not show
  validHome: 'Enter a valid home phone number, for example (406) 555-0123.',
  validMobile: 'Enter a valid cell phone number, for example (406) 555-0123.',
  oneRequired: 'Enter a home phone number or a cell phone number.',
  validPhone: 'Enter a valid phone number, for example (406) 555-0123.',
  validInternationalPhone:
    'Enter a valid international phone number starting with +, for example +44 20 7946 0958.',
  fieldEmail: 'Enter a valid email address, for example name@example.com.',
  ssn: 'Enter a 9-digit Social Security number, for example 123-45-6789.',
  date: 'Enter a real date.',
  month: 'Choose a month.',
  year: 'Choose a year from the list.',
  option: 'Choose one of the options.',
  numeric: 'Enter a number.',
  noneAndAny:
    'You ticked "None of these" and an offense. Untick "None of these", or untick the offenses.',
  zipMin: (min: number) => `Enter at least ${min} characters.`,
  usZip: 'Enter a 5-digit ZIP code, for example 59715 or 59715-1234.',
  gpa: (max: number) => `Enter your GPA as a number from 0 to ${max}, for example 3.45.`,
  notBefore: (label: string) => `This date cannot be before “${label}”.`,
  maxLength: (max: number) => `Use no more than ${max} characters.`,
  singleLine:
    'Keep this answer on one line, without line breaks, tabs or other control characters.',
  satTotal: 'Enter an SAT total score of 3 or 4 digits.',
  satSection: 'Enter an SAT section score from 200 to 800, in steps of 10.',
  satSubscore: 'Enter an SAT test score from 10 to 40.',
  actScore: 'Enter an ACT score from 1 to 36.',
  actWriting: 'Enter an ACT writing score from 1 to 12.',
  // SPEC §8: a lookup detail that fails keeps the typed text; the applicant is told so.
  lookupDetailFailed: (picked: string) =>
    `The details of “${picked}” could not be fetched, so what you typed is kept. Please fill in the rest yourself.`,

  // SPEC §8 files
  fileTooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  fileType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  fileNameTooLong:
    'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
  fileEmpty: 'Your file is empty. Please upload a non-empty file.',
} as const;
