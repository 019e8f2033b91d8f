/**
 * Height reserved for the partner carousel before it loads, so nothing below it moves: 5 rows of 3 on
 * phones, 4 rows of 4 on small tablets, 2 rows of 7 on wide screens. Kept apart from the carousel so
 * the footer can use it without loading swiper.
 */
export const PARTNER_CAROUSEL_HEIGHT = { base: '312px', sm: '256px', md: '148px' }
