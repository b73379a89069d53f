/** The headline figures from spec section 1 ("Marketing claims") and section 9 ("Marketing figures"). */
export const MARKETING_STATS = [
  { value: '$250k+', label: 'Comics Purchased' },
  { value: '100+', label: 'Happy Sellers' },
  { value: '24hr', label: 'Fast Payouts' },
  { value: '99.9%', label: 'Satisfaction' },
] as const;
