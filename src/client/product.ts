/** The product's name, shown in the footer credit and on the logged-out screens. */
export const PRODUCT_NAME = 'Vidyalaya';
