// The journeys' page.evaluate callbacks run in the browser: they need the DOM's types.
/// <reference lib="dom" />
