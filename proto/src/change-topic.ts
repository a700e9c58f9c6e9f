import type { ACTIVITY_TOPIC, Activity } from './schemas/activity.schema';
import type { SEARCH_CHANGE_TOPIC, SearchChange } from './schemas/search.schema';

/**
 * The ChangeFeed's topics and what each carries: a service types the feed it injects with this map
 * (`ChangeFeed<ChangeTopics>`), so it publishes only these topics, each with its payload.
 */
export interface ChangeTopics {
  [SEARCH_CHANGE_TOPIC]: SearchChange;
  [ACTIVITY_TOPIC]: Activity;
}
