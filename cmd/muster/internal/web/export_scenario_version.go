package web

import "github.com/labstack/echo/v5"

// exportScenarioVersion downloads one saved version of one of the asker's scenarios, its
// file as saved.
func (a *app) exportScenarioVersion(c *echo.Context) error {
	_, ver, err := a.ownScenarioVersion(c)
	if err != nil {
		return err
	}
	return sendScenarioFile(c, ver.Body)
}
