module example.com/chartcomponents

go 1.26
