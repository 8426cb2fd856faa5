/** The pace's numbers and NotSent, where the operations, the bench and the e2e suites import them; the pace itself is in pace/. */
export { DEFAULT_CEILING, MAX_CEILING, NotSent } from './pace/run';
export { START_LANES } from './pace/rule';
