/** Method names the engine uses in more than one place. */
export const ELICIT = 'elicitation/create'
export const SAMPLE = 'sampling/createMessage'
export const CANCELLED = 'notifications/cancelled'
export const RESOURCE_UPDATED = 'notifications/resources/updated'
