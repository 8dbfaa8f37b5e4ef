/**
 * How the staff's applications screens colour an application's two statuses (spec 3 §4): the
 * labels are the application schema's own titles.
 */
export const APPLICATION_STATUS_TAGS = {
  '-2': { label: 'Withdrawn by candidate', color: 'default' },
  '-1': { label: 'Rejected by institute', color: 'red' },
  '0': { label: 'Unknown', color: 'default' },
  '1': { label: 'Waitlist by candidate', color: 'gold' },
  '2': { label: 'Waitlist by institute', color: 'orange' },
  '3': { label: 'Selected', color: 'green' },
};

export const PAYMENT_STATUS_TAGS = {
  '-1': { label: 'Not yet received', color: 'red' },
  '0': { label: 'Unknown', color: 'default' },
  '1': { label: 'Paid', color: 'green' },
};

/** An application that may be admitted as a student: status 3, Selected. */
export const SELECTED = 3;
