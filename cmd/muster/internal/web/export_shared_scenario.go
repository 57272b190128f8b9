package web

import "github.com/labstack/echo/v5"

// exportSharedScenario downloads a shared scenario's file.
func (a *app) exportSharedScenario(c *echo.Context) error {
	rec, _, err := a.sharedScenarioRec(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return sendScenarioFile(c, rec.Body)
}
