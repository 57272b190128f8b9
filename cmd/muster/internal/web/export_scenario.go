package web

import "github.com/labstack/echo/v5"

// exportScenario downloads one of the asker's scenarios as its file, as saved.
func (a *app) exportScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	return sendScenarioFile(c, rec.Body)
}
