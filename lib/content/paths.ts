// Paths of the content calls a page island makes without the full API client
// (the contract and its schemas would weigh on every cached page). The contract
// declares the same paths; a unit test keeps them equal.
export const NEWS_BY_ID_PATH = '/api/InfoNews/QueryNewsById';
