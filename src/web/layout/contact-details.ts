/** Farmstall's public contact details, shown in the footer and on the contact page. */
export const CONTACT = {
  address: '5171 W Campbell Ave, Kent, Utah 53127, United States',
  phone: '(+91) 540-025-124553',
  email: 'sale@farmstall.example',
  hours: '10:00 - 18:00, Mon - Sat',
  supportLine: '1900 - 888',
  workingHoursLine: '1900 - 6666',
} as const;
